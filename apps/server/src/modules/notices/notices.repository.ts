import { NOTICE_STATUS } from '@psy/contracts';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { TenantScope } from '../../core/db/database';
import { deptsView, rolesView, usersView } from '../identity';
import { notice, noticeRead } from './notices.table';

/** Identity's users as it lets other modules read them (modules/identity/identity.views.ts). */
const users = usersView('sys_user');

/** Who a reader is, for audience checks: their department with its ancestors, and their roles. */
export interface Reader {
  userId: number;
  deptIds: number[];
  roleIds: number[];
}

/** A bigint[] literal of validated integer ids (drizzle would spread a JS array into a list). */
const idArray = (ids: number[]) => sql`${`{${ids.map((n) => Math.trunc(n)).join(',')}}`}::bigint[]`;

/**
 * Published, not deleted notices of the tenant that the reader is in the audience of: notices for
 * everyone, or naming one of the reader's departments or ancestors (a department's notice reaches its
 * subtree), or one of the reader's roles.
 */
const isVisible = (tenantId: number, reader: Reader) =>
  and(
    eq(notice.tenantId, tenantId),
    eq(notice.status, NOTICE_STATUS.published),
    eq(notice.delFlag, false),
    sql`((cardinality(${notice.audienceDeptIds}) = 0 and cardinality(${notice.audienceRoleIds}) = 0)
        or ${notice.audienceDeptIds} && ${idArray(reader.deptIds)}
        or ${notice.audienceRoleIds} && ${idArray(reader.roleIds)})`,
  );

const readBy = (userId: number) =>
  sql<boolean>`exists (select 1 from ${noticeRead} r where r.tenant_id = ${notice.tenantId}
                  and r.notice_id = ${notice.id} and r.user_id = ${userId})`;

export async function countUnreadNotices({ tx, tenantId }: TenantScope, reader: Reader): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(notice)
    .where(and(isVisible(tenantId, reader), sql`not ${readBy(reader.userId)}`));
  return row?.n ?? 0;
}

const noticeColumns = (userId: number) => ({
  id: notice.id,
  title: notice.title,
  publishTime: notice.publishTime,
  publisherName: users.realName,
  read: readBy(userId),
});

/** A page of visible notices, newest first, with whether the user has read each. */
export async function findNoticePage(
  { tx, tenantId }: TenantScope,
  reader: Reader,
  page: { offset: number; limit: number },
) {
  const rows = await tx
    .select(noticeColumns(reader.userId))
    .from(notice)
    .leftJoin(users, and(eq(users.tenantId, notice.tenantId), eq(users.id, notice.publisherId)))
    .where(isVisible(tenantId, reader))
    .orderBy(desc(notice.publishTime), desc(notice.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await tx.select({ n: count() }).from(notice).where(isVisible(tenantId, reader));
  return { rows, total: total?.n ?? 0 };
}

export async function findVisibleNotice({ tx, tenantId }: TenantScope, reader: Reader, id: number) {
  const [row] = await tx
    .select({ ...noticeColumns(reader.userId), content: notice.content })
    .from(notice)
    .leftJoin(users, and(eq(users.tenantId, notice.tenantId), eq(users.id, notice.publisherId)))
    .where(and(isVisible(tenantId, reader), eq(notice.id, id)));
  return row ?? null;
}

/** Records that the user read a visible notice (once); false when there is no such notice. */
export async function insertNoticeRead(
  { tx, tenantId }: TenantScope,
  reader: Reader,
  noticeId: number,
): Promise<boolean> {
  const [visible] = await tx
    .select({ id: notice.id })
    .from(notice)
    .where(and(isVisible(tenantId, reader), eq(notice.id, noticeId)));
  if (!visible) return false;
  const inserted = await tx
    .insert(noticeRead)
    .values({ tenantId, noticeId, userId: reader.userId })
    .onConflictDoNothing()
    .returning({ noticeId: noticeRead.noticeId });
  // The count the publishers' list shows, kept with the read (counting a notice read by most of a large
  // school per page load is a scan of its reads).
  if (inserted.length > 0) {
    await tx
      .update(notice)
      .set({ readCount: sql`${notice.readCount} + 1` })
      .where(and(eq(notice.tenantId, tenantId), eq(notice.id, noticeId)));
  }
  return true;
}

export async function insertNotice(
  { tx, tenantId }: TenantScope,
  row: {
    title: string;
    content: string;
    publisherId: number;
    audienceDeptIds: number[];
    audienceRoleIds: number[];
  },
): Promise<number> {
  const [inserted] = await tx
    .insert(notice)
    .values({ ...row, tenantId, status: NOTICE_STATUS.published, publishTime: new Date() })
    .returning({ id: notice.id });
  return inserted!.id;
}

/** Takes a published notice back to draft; false when there is no such live notice. */
export async function withdrawNotice({ tx, tenantId }: TenantScope, id: number): Promise<boolean> {
  const rows = await tx
    .update(notice)
    .set({ status: NOTICE_STATUS.draft, updatedAt: new Date() })
    .where(and(eq(notice.tenantId, tenantId), eq(notice.id, id), eq(notice.delFlag, false)))
    .returning({ id: notice.id });
  return rows.length > 0;
}

/** A page of the tenant's live notices for their publishers (any status, any audience), newest first. */
export async function findManagedNoticePage(
  { tx, tenantId }: TenantScope,
  page: { offset: number; limit: number },
) {
  const live = and(eq(notice.tenantId, tenantId), eq(notice.delFlag, false));
  const rows = await tx
    .select({
      id: notice.id,
      title: notice.title,
      publishTime: notice.publishTime,
      publisherName: users.realName,
      status: notice.status,
      depts: sql<
        { id: number; name: string }[]
      >`coalesce((select json_agg(json_build_object('id', d.id, 'name', d.name) order by d.name)
        from ${deptsView('d')} where d.tenant_id = ${notice.tenantId} and d.id = any(${notice.audienceDeptIds})), '[]'::json)`,
      roles: sql<
        { id: number; name: string }[]
      >`coalesce((select json_agg(json_build_object('id', r.id, 'name', r.role_name) order by r.role_name)
        from ${rolesView('r')} where r.tenant_id = ${notice.tenantId} and r.id = any(${notice.audienceRoleIds})), '[]'::json)`,
      readCount: notice.readCount,
    })
    .from(notice)
    .leftJoin(users, and(eq(users.tenantId, notice.tenantId), eq(users.id, notice.publisherId)))
    .where(live)
    .orderBy(sql`${notice.publishTime} desc nulls last`, desc(notice.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await tx.select({ n: count() }).from(notice).where(live);
  return { rows, total: total?.n ?? 0 };
}
