import { pageWindow, pageAnswer } from '../../core/db/paging';
import type { TenantScope } from '../../core/db/database';
import { badRequest, notFound } from '../../core/http/app-error';
import type { Principal } from '../../core/http/context';
import { findDeptAncestry, findExistingDeptIds, findExistingRoleIds } from '../identity';
import {
  countUnreadNotices,
  findManagedNoticePage,
  findNoticePage,
  findVisibleNotice,
  insertNotice,
  insertNoticeRead,
  withdrawNotice as withdrawNoticeRow,
  type Reader,
} from './notices.repository';
import { sanitizeNoticeHtml } from './notices.sanitize';

/** The caller as a notice reader: their department with its ancestors, and every role they hold. */
async function readerOf(scope: TenantScope, p: Principal): Promise<Reader> {
  const deptId = p.profile.deptId;
  return {
    userId: p.userId,
    deptIds: deptId ? await findDeptAncestry(scope, deptId) : [],
    roleIds: p.roles.map((r) => r.roleId),
  };
}

/** Published notices of the user's audience that they have not read (the top bar's count, spec S0.1.3). */
export async function countMyUnreadNotices(scope: TenantScope, p: Principal): Promise<number> {
  return countUnreadNotices(scope, await readerOf(scope, p));
}

/** Marks a published notice read for the user; reading twice changes nothing. */
export async function readNotice(scope: TenantScope, p: Principal, id: number): Promise<true> {
  if (!(await insertNoticeRead(scope, await readerOf(scope, p), id))) throw notFound('notice');
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

export async function listNotices(scope: TenantScope, p: Principal, q: { current: number; size: number }) {
  const { rows, total } = await findNoticePage(scope, await readerOf(scope, p), pageWindow(q));
  return pageAnswer(q, rows.map(toSummary), total);
}

export async function getNotice(scope: TenantScope, p: Principal, id: number) {
  const row = await findVisibleNotice(scope, await readerOf(scope, p), id);
  if (!row) throw notFound('notice');
  return { ...toSummary(row), content: row.content };
}

/** Ids that are not in `existing`, for a 400 naming the field. */
function requireAll(field: string, ids: number[], existing: number[]) {
  const known = new Set(existing);
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length) throw badRequest(field, `unknown id ${missing.join(', ')}`);
}

/**
 * Publishes a notice (spec S0.2.14 /notice_manage/noticePublish). The HTML is sanitised here, whatever
 * the editor sent; the audience is everyone, or departments (with subtrees) and/or roles of the school.
 */
export async function publishNotice(
  scope: TenantScope,
  p: Principal,
  body: { title: string; content: string; deptIds: number[]; roleIds: number[] },
): Promise<{ id: number }> {
  const deptIds = [...new Set(body.deptIds)];
  const roleIds = [...new Set(body.roleIds)];
  requireAll('deptIds', deptIds, await findExistingDeptIds(scope, deptIds));
  requireAll('roleIds', roleIds, await findExistingRoleIds(scope, roleIds));
  const id = await insertNotice(scope, {
    title: body.title,
    content: sanitizeNoticeHtml(body.content),
    publisherId: p.userId,
    audienceDeptIds: deptIds,
    audienceRoleIds: roleIds,
  });
  return { id };
}

/** Withdraws a notice: it goes back to draft and no reader sees it any more. */
export async function withdrawNotice(scope: TenantScope, id: number): Promise<true> {
  if (!(await withdrawNoticeRow(scope, id))) throw notFound('notice');
  return true;
}

/** Every live notice of the school for the publish page (published and withdrawn, any audience). */
export async function listManagedNotices(scope: TenantScope, q: { current: number; size: number }) {
  const { rows, total } = await findManagedNoticePage(scope, pageWindow(q));
  return pageAnswer(
    q,
    rows.map((r) => ({
      id: r.id,
      title: r.title,
      publisherName: r.publisherName,
      publishTime: r.publishTime ? r.publishTime.toISOString() : null,
      status: r.status,
      depts: r.depts.map((d) => ({ id: Number(d.id), name: d.name })),
      roles: r.roles.map((x) => ({ id: Number(x.id), name: x.name })),
      readCount: Number(r.readCount),
    })),
    total,
  );
}
