import type { TenantScope } from '../../core/db/database';
import { notFound } from '../../core/http/app-error';
import {
  countUnreadNotices,
  findNoticePage,
  findVisibleNotice,
  insertNoticeRead,
} from './notices.repository';

/** Published notices the user has not read (the top bar's count, spec S0.1.3). */
export function countMyUnreadNotices(scope: TenantScope, userId: number): Promise<number> {
  return countUnreadNotices(scope, userId);
}

/** Marks a published notice read for the user; reading twice changes nothing. */
export async function readNotice(scope: TenantScope, userId: number, id: number): Promise<true> {
  if (!(await insertNoticeRead(scope, userId, id))) throw notFound('notice');
  return true;
}

interface NoticeRow {
  id: number;
  title: string;
  publishTime: Date | null;
  publisherName: string | null;
  read: boolean;
}

const toSummary = (r: NoticeRow) => ({
  id: r.id,
  title: r.title,
  publisherName: r.publisherName,
  publishTime: r.publishTime ? r.publishTime.toISOString() : null,
  read: Boolean(r.read),
});

export async function listNotices(scope: TenantScope, userId: number, p: { current: number; size: number }) {
  const { rows, total } = await findNoticePage(scope, userId, {
    offset: (p.current - 1) * p.size,
    limit: p.size,
  });
  return { records: rows.map(toSummary), total, current: p.current, size: p.size };
}

export async function getNotice(scope: TenantScope, userId: number, id: number) {
  const row = await findVisibleNotice(scope, userId, id);
  if (!row) throw notFound('notice');
  return { ...toSummary(row), content: row.content };
}
