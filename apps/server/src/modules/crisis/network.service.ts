import {
  COVERAGE_ROLES,
  CRISIS_NOTICE_DEFAULTS,
  CRISIS_NOTICE_EVENTS,
  CRISIS_SETTING_DEFAULTS,
  CRISIS_SETTING_SCHEMAS,
  type CrisisNoticeSetting,
  type CrisisSettingSection,
} from '@psy/contracts';
import type { TenantScope } from '../../core/db/database';
import { pageAnswer, pageWindow } from '../../core/db/paging';
import type { Principal } from '../../core/http/context';
import { AppError, badRequest, notFound } from '../../core/http/app-error';
import { covers, loadNames, loadViewer, peopleRefs, personRef, studentRef } from './crisis.context';
import { findNoticeSettings, findSetting, saveNoticeSettingAt, saveSettingAt } from './crisis.repository';
import { computeLadder } from './escalation.service';
import {
  findCoverageRows,
  findCoveringHolders,
  findDepts,
  findDormitory,
  findDormitoriesLedBy,
  findDormitoryByName,
  findDormitoryMembers,
  findDormitoryOfStudent,
  findDormitoryPage,
  findLiveUserIds,
  findMembersElsewhere,
  findNetworkPage,
  findRoleCodesOf,
  findStudent,
  replaceCoverage,
  saveDormitory,
  softDeleteDormitory,
  type DormitoryRow,
} from './network.repository';

/** The network roles the network page lists (the owner roles and the coverage-bounded ones). */
const NETWORK_ROLES = [
  ...COVERAGE_ROLES,
  'CRISIS_ROLE_CENTER_SUPERINTENDENT',
  'CRISIS_ROLE_SUPERINTENDENT',
] as const;

type MemberRow = Awaited<ReturnType<typeof findNetworkPage>>['rows'][number];

async function toMembers(scope: TenantScope, rows: MemberRow[]) {
  const coverage = await findCoverageRows(
    scope,
    rows.map((r) => r.userId),
  );
  return rows.map((r) => {
    const own = coverage.filter((c) => c.userId === r.userId && c.roleCode === r.roleCode);
    const schoolWide =
      r.roleCode === 'CRISIS_ROLE_CENTER_SUPERINTENDENT' || r.roleCode === 'CRISIS_ROLE_SUPERINTENDENT';
    return {
      user: { id: r.userId, realName: r.realName, deptId: r.deptId, deptName: r.deptName },
      roleCode: r.roleCode,
      coverage: schoolWide
        ? []
        : own.length > 0
          ? own.map((c) => ({ deptId: c.deptId, deptName: c.deptName }))
          : r.deptId !== null
            ? [{ deptId: r.deptId, deptName: r.deptName ?? '' }]
            : [],
      coverageDefault: !schoolWide && own.length === 0,
    };
  });
}

export async function pageNetwork(
  scope: TenantScope,
  q: { current: number; size: number; roleCode?: string | undefined; keyword?: string | undefined },
) {
  const roleCodes = q.roleCode ? NETWORK_ROLES.filter((r) => r === q.roleCode) : [...NETWORK_ROLES];
  if (roleCodes.length === 0) throw badRequest('roleCode', 'not a network role');
  const { rows, total } = await findNetworkPage(
    scope,
    { roleCodes, keyword: q.keyword || undefined },
    pageWindow(q),
  );
  return pageAnswer(q, await toMembers(scope, rows), total);
}

/** Sets the departments a person covers in a role; empty goes back to their own department. */
export async function setCoverage(
  scope: TenantScope,
  body: { userId: number; roleCode: string; deptIds: number[] },
) {
  const roles = await findRoleCodesOf(scope, body.userId);
  if (roles.length === 0) throw badRequest('userId', 'no such user in this school');
  if (!roles.includes(body.roleCode)) throw badRequest('roleCode', 'the person does not hold this role');
  const depts = await findDepts(scope, body.deptIds);
  if (body.deptIds.some((id) => !depts.has(id)))
    throw badRequest('deptIds', 'not a department of this school');
  await replaceCoverage(scope, body.userId, body.roleCode, body.deptIds);
  const { rows } = await findNetworkPage(
    scope,
    { roleCodes: [body.roleCode] },
    { offset: 0, limit: 100_000 },
  );
  return (
    await toMembers(
      scope,
      rows.filter((r) => r.userId === body.userId),
    )
  )[0]!;
}

/** Who is responsible for a student at each level, their class members, faculty consultants and dormitory. */
export async function studentLadder(scope: TenantScope, p: Principal, studentId: number) {
  const v = await loadViewer(scope, p, 'crisis');
  const student = await findStudent(scope, studentId);
  if (!student || !covers(v.read, student.deptId)) throw notFound('student');
  const ladder = await computeLadder(scope, student.deptId);
  const others = await findCoveringHolders(scope, student.deptId, [
    'CRISIS_ROLE_CLASS',
    'CRISIS_ROLE_FACULTY_CONSULT',
  ]);
  const dorm = await findDormitoryOfStudent(scope, student.id);
  const { students, names } = await loadNames(
    scope,
    [student.id],
    [
      ...ladder.flatMap((r) => r.userIds),
      ...others.map((o) => o.userId),
      ...(dorm?.leaderId ? [dorm.leaderId] : []),
    ],
  );
  const of = (role: string) =>
    peopleRefs(
      names,
      others.filter((o) => o.roleCode === role).map((o) => o.userId),
    );
  return {
    student: studentRef(v, students.get(student.id), student.id),
    ladder: ladder.map((r) => ({ level: r.level, people: peopleRefs(names, r.userIds) })),
    classMembers: of('CRISIS_ROLE_CLASS'),
    facultyConsultants: of('CRISIS_ROLE_FACULTY_CONSULT'),
    dormitory: dorm ? { id: dorm.id, name: dorm.name, leader: personRef(names, dorm.leaderId) } : null,
  };
}

// ---------------------------------------------------------------- dormitories

async function toDormitories(scope: TenantScope, rows: DormitoryRow[]) {
  const members = await findDormitoryMembers(
    scope,
    rows.map((r) => r.id),
  );
  const { names } = await loadNames(
    scope,
    [],
    [
      ...members.map((m) => m.studentId),
      ...rows.map((r) => r.leaderId).filter((x): x is number => x !== null),
    ],
  );
  const depts = await findDepts(
    scope,
    rows.map((r) => r.deptId).filter((x): x is number => x !== null),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    deptId: r.deptId,
    deptName: r.deptId !== null ? (depts.get(r.deptId) ?? null) : null,
    leader: personRef(names, r.leaderId),
    members: peopleRefs(
      names,
      members.filter((m) => m.dormitoryId === r.id).map((m) => m.studentId),
    ),
    createTime: r.createdAt.toISOString(),
  }));
}

export async function pageDormitories(
  scope: TenantScope,
  q: { current: number; size: number; keyword?: string | undefined },
) {
  const { rows, total } = await findDormitoryPage(scope, { keyword: q.keyword || undefined }, pageWindow(q));
  return pageAnswer(q, await toDormitories(scope, rows), total);
}

/** The dormitories a person leads (empty for anyone who leads none). */
export async function myDormitories(scope: TenantScope, leaderId: number) {
  return toDormitories(scope, await findDormitoriesLedBy(scope, leaderId));
}

/** Adds or changes a dormitory; a student already placed in another one is refused (400 memberIds). */
export async function saveDormitoryEntry(
  scope: TenantScope,
  body: {
    id?: number | undefined;
    name: string;
    deptId?: number | undefined;
    leaderId?: number | undefined;
    memberIds: number[];
  },
) {
  if (body.id !== undefined && !(await findDormitory(scope, body.id))) throw notFound('dormitory');
  const clash = await findDormitoryByName(scope, body.name);
  if (clash && clash.id !== body.id) throw badRequest('name', 'another dormitory has this name');
  if (body.deptId !== undefined && !(await findDepts(scope, [body.deptId])).has(body.deptId))
    throw badRequest('deptId', 'not a department of this school');
  const people = [...body.memberIds, ...(body.leaderId !== undefined ? [body.leaderId] : [])];
  const live = await findLiveUserIds(scope, people);
  if (body.memberIds.some((id) => !live.has(id)))
    throw badRequest('memberIds', 'not an active user of the school');
  if (body.leaderId !== undefined && !live.has(body.leaderId))
    throw badRequest('leaderId', 'not an active user of the school');
  const elsewhere = await findMembersElsewhere(scope, body.memberIds, body.id ?? null);
  if (elsewhere.length > 0)
    throw badRequest('memberIds', `already living in another dormitory: ${elsewhere.join(', ')}`);
  const row = await saveDormitory(
    scope,
    body.id ?? null,
    { name: body.name, deptId: body.deptId ?? null, leaderId: body.leaderId ?? null },
    body.memberIds,
  ).catch((err: unknown) => {
    const e = err as { code?: string; cause?: { code?: string } };
    if (e?.code === '23505' || e?.cause?.code === '23505')
      throw badRequest('name', 'another dormitory has this name');
    throw err;
  });
  return (await toDormitories(scope, [row]))[0]!;
}

export async function deleteDormitory(scope: TenantScope, id: number) {
  if (!(await softDeleteDormitory(scope, id))) throw notFound('dormitory');
  return { id };
}

// ---------------------------------------------------------------- settings

export async function readSetting(scope: TenantScope, section: CrisisSettingSection) {
  const row = await findSetting(scope, section);
  const parsed = row ? CRISIS_SETTING_SCHEMAS[section].safeParse(row.value) : null;
  return {
    section,
    value: (parsed?.success ? parsed.data : CRISIS_SETTING_DEFAULTS[section]) as Record<string, unknown>,
    version: row?.version ?? 0,
    updateTime: row?.updatedAt.toISOString() ?? null,
  };
}

/** Each save sends the whole section as it was read: one read before another's save is refused, not applied. */
export const SETTING_STALE =
  'the crisis settings were changed elsewhere since they were read: read them again';

/**
 * Saves a section whole if it is still at the version the saver read; a 400 names the field at fault
 * (`ackMinutes.4`), a 409 says the section was saved since that read (nothing changes).
 */
export async function saveSetting(
  scope: TenantScope,
  p: Principal,
  section: CrisisSettingSection,
  { version, ...value }: { version: number } & Record<string, unknown>,
) {
  const parsed = CRISIS_SETTING_SCHEMAS[section].safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.length ? issue.path.map(String).join('.') : 'value';
    throw badRequest(field, issue.message);
  }
  const row = await saveSettingAt(scope, section, parsed.data, p.userId, version);
  if (!row) throw new AppError('conflict', SETTING_STALE);
  return {
    section,
    value: parsed.data as Record<string, unknown>,
    version: row.version,
    updateTime: row.updatedAt.toISOString(),
  };
}

export async function listNoticeSettings(scope: TenantScope) {
  const rows = await findNoticeSettings(scope);
  return CRISIS_NOTICE_EVENTS.map((event) => {
    const row = rows.find((r) => r.event === event);
    return row
      ? {
          event,
          parties: row.parties as CrisisNoticeSetting['parties'],
          sms: row.sms,
          enabled: row.enabled,
          version: row.version,
          updateTime: row.updatedAt.toISOString(),
        }
      : { event, ...CRISIS_NOTICE_DEFAULTS[event], version: 0, updateTime: null };
  });
}

/** Each save sends the whole row as it was read: one read before another's save is refused, not applied. */
export const NOTICE_SETTING_STALE =
  'the notice settings were changed elsewhere since they were read: read them again';

export async function saveNoticeSetting(
  scope: TenantScope,
  { version, ...body }: CrisisNoticeSetting & { version: number },
) {
  const row = await saveNoticeSettingAt(scope, body, version);
  if (!row) throw new AppError('conflict', NOTICE_SETTING_STALE);
  return {
    event: body.event,
    parties: row.parties as CrisisNoticeSetting['parties'],
    sms: row.sms,
    enabled: row.enabled,
    version: row.version,
    updateTime: row.updatedAt.toISOString(),
  };
}
