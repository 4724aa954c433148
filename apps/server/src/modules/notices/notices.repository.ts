import { NOTICE_STATUS } from '@psy/contracts';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { TenantScope } from '../../core/db/database';
import { sysUser } from '../identity/identity.table';
import { notice, noticeRead } from './notices.table';

/** Published, not deleted notices of the tenant. */
const isVisible = (tenantId: number) =>
  and(eq(notice.tenantId, tenantId), eq(notice.status, NOTICE_STATUS.published), eq(notice.delFlag, false));

const readBy = (userId: number) =>
  sql<boolean>`exists (select 1 from ${noticeRead} r where r.tenant_id = ${notice.tenantId}
                  and r.notice_id = ${notice.id} and r.user_id = ${userId})`;

export async function countUnreadNotices({ tx, tenantId }: TenantScope, userId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(notice)
    .where(and(isVisible(tenantId), sql`not ${readBy(userId)}`));
  return row?.n ?? 0;
}

const noticeColumns = (userId: number) => ({
  id: notice.id,
  title: notice.title,
  publishTime: notice.publishTime,
  publisherName: sysUser.realName,
  read: readBy(userId),
});

/** A page of visible notices, newest first, with whether the user has read each. */
export async function findNoticePage(
  { tx, tenantId }: TenantScope,
  userId: number,
  page: { offset: number; limit: number },
) {
  const rows = await tx
    .select(noticeColumns(userId))
    .from(notice)
    .leftJoin(sysUser, and(eq(sysUser.tenantId, notice.tenantId), eq(sysUser.id, notice.publisherId)))
    .where(isVisible(tenantId))
    .orderBy(desc(notice.publishTime), desc(notice.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await tx.select({ n: count() }).from(notice).where(isVisible(tenantId));
  return { rows, total: total?.n ?? 0 };
}

export async function findVisibleNotice({ tx, tenantId }: TenantScope, userId: number, id: number) {
  const [row] = await tx
    .select({ ...noticeColumns(userId), content: notice.content })
    .from(notice)
    .leftJoin(sysUser, and(eq(sysUser.tenantId, notice.tenantId), eq(sysUser.id, notice.publisherId)))
    .where(and(isVisible(tenantId), eq(notice.id, id)));
  return row ?? null;
}

/** Records that the user read a visible notice (once); false when there is no such notice. */
export async function insertNoticeRead(
  { tx, tenantId }: TenantScope,
  userId: number,
  noticeId: number,
): Promise<boolean> {
  const [visible] = await tx
    .select({ id: notice.id })
    .from(notice)
    .where(and(isVisible(tenantId), eq(notice.id, noticeId)));
  if (!visible) return false;
  await tx.insert(noticeRead).values({ tenantId, noticeId, userId }).onConflictDoNothing();
  return true;
}
