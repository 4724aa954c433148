import type { Lang } from '@psy/contracts';
import type { TenantScope } from '../../core/db/database';
import { findFocusSettingNames } from '../focus-settings';
import { findReceipts, type FollowUpRow, type InterventionRow } from './care.repository';
import { loadNames, peopleRefs, personRef, studentRef, type CrisisViewer } from './crisis.context';

/*
 * Intervention orders and follow-ups as the lists show them: below the care service and the key-person
 * service, which shows a key person's orders and follow-ups and which the care service calls in turn.
 */

export async function toInterventions(
  scope: TenantScope,
  v: CrisisViewer,
  rows: InterventionRow[],
  lang: Lang,
) {
  const receipts = await findReceipts(
    scope,
    rows.map((r) => r.id),
  );
  const loaded = await loadNames(
    scope,
    rows.map((r) => r.studentId),
    [...rows.flatMap((r) => [...r.assigneeIds, r.issuedBy]), ...receipts.map((x) => x.authorId)],
  );
  const items = await findFocusSettingNames(
    scope,
    rows.flatMap((r) => r.measureItemIds),
    lang,
  );
  return rows.map((r) => ({
    id: r.id,
    recordId: r.recordId,
    focusId: r.focusId,
    student: studentRef(v, loaded.students.get(r.studentId), r.studentId),
    measure: r.measure,
    measureItems: r.measureItemIds.map((id) => ({ id, name: items.get(id)?.name ?? `#${id}` })),
    content: r.content,
    assignees: peopleRefs(loaded.names, r.assigneeIds),
    dueDate: r.dueDate,
    status: r.status,
    issuedBy: personRef(loaded.names, r.issuedBy)!,
    createTime: r.createdAt.toISOString(),
    receipts: receipts
      .filter((x) => x.interventionId === r.id)
      .map((x) => ({
        id: x.id,
        author: personRef(loaded.names, x.authorId)!,
        content: x.content,
        createTime: x.createdAt.toISOString(),
      })),
  }));
}

export async function toFollowUps(scope: TenantScope, v: CrisisViewer, rows: FollowUpRow[], lang: Lang) {
  const loaded = await loadNames(
    scope,
    rows.map((r) => r.studentId),
    rows.map((r) => r.authorId),
  );
  const methods = await findFocusSettingNames(
    scope,
    rows.map((r) => r.methodId).filter((id): id is number => id !== null),
    lang,
  );
  return rows.map((r) => ({
    id: r.id,
    recordId: r.recordId,
    focusId: r.focusId,
    student: studentRef(v, loaded.students.get(r.studentId), r.studentId),
    trackDate: r.trackDate,
    method:
      r.methodId !== null
        ? { id: r.methodId, name: methods.get(r.methodId)?.name ?? `#${r.methodId}` }
        : null,
    content: r.content,
    author: personRef(loaded.names, r.authorId)!,
    createTime: r.createdAt.toISOString(),
  }));
}
