import { and, eq, inArray } from 'drizzle-orm';
import { addDays, zonedDate } from '@psy/scheduling';
import type { Database } from '../core/db/database';
import { sysUser } from '../modules/identity/identity.table';
import { site, siteRoom } from '../modules/settings/settings.table';
import { appointment } from '../modules/appointments/appointments.table';
import { generateSchedule, getPolicy, termRefOf } from '../modules/scheduling';
import {
  scheduleSlot,
  scheduleTemplate,
  schoolTerm,
  siteProfile,
} from '../modules/scheduling/scheduling.table';

/**
 * The demo school's counselling centre (docs/appointments.md): a site with rooms, the current and next
 * term, week templates of its counsellors, interviewers and assessor, a term of slots generated from
 * today, telephone duty, and one upcoming appointment of the demo student. Only for a new school.
 */

const ZONE = 'Asia/Shanghai';
const hourly = (from: number, to: number) =>
  Array.from(
    { length: to - from },
    (_, i) =>
      [`${String(from + i).padStart(2, '0')}:00`, `${String(from + i + 1).padStart(2, '0')}:00`] as const,
  );

/** The current and the next term around a day (spring: late February to early July; autumn: September to January). */
export function demoTerms(today: string) {
  const year = Number(today.slice(0, 4));
  const autumn = (y: number) => ({
    name: `${y}-${y + 1} 学年第一学期`,
    startDate: `${y}-09-01`,
    endDate: `${y + 1}-01-18`,
  });
  const spring = (y: number) => ({
    name: `${y - 1}-${y} 学年第二学期`,
    startDate: `${y}-02-23`,
    endDate: `${y}-07-05`,
  });
  const month = Number(today.slice(5, 7));
  if (month >= 2 && month <= 8) return [spring(year), autumn(year)];
  const y = month === 1 ? year - 1 : year;
  return [autumn(y), spring(y + 1)];
}

export async function seedDemoSchedules(database: Database, tenantId: number): Promise<void> {
  const today = zonedDate(new Date(), ZONE);
  const people = await database.db
    .select({ id: sysUser.id, username: sysUser.username })
    .from(sysUser)
    .where(
      and(
        eq(sysUser.tenantId, tenantId),
        inArray(sysUser.username, ['admin', 'counsellor', 'teacher', 'interviewer', 'assessor', 'student']),
      ),
    );
  const id = new Map(people.map((p) => [p.username, p.id]));
  const [existing] = await database.db
    .select({ id: scheduleTemplate.id })
    .from(scheduleTemplate)
    .where(eq(scheduleTemplate.tenantId, tenantId))
    .limit(1);
  if (existing || !id.get('admin')) return;

  const siteId = await database.db.transaction(async (tx) => {
    const [s] = await tx
      .insert(site)
      .values({
        tenantId,
        name: '心理健康教育中心',
        address: '学生活动中心 3 楼',
        phone: '010-62750000',
        sort: 1,
      })
      .returning({ id: site.id });
    await tx.insert(siteRoom).values(
      ['咨询室 1', '咨询室 2', '咨询室 3', '初访室', '团体辅导室'].map((name, i) => ({
        tenantId,
        siteId: s!.id,
        name,
        capacity: i === 4 ? 12 : 2,
        sort: i + 1,
      })),
    );
    await tx.insert(siteProfile).values({
      tenantId,
      siteId: s!.id,
      notice: '首次来访请提前 15 分钟到前台签到；如需请假或取消，请在咨询前一天 17:00 前操作。',
      noticeVersion: 1,
    });
    await tx.insert(schoolTerm).values(demoTerms(today).map((t) => ({ tenantId, ...t })));
    return s!.id;
  });
  const rooms = await database.db
    .select({ id: siteRoom.id, name: siteRoom.name })
    .from(siteRoom)
    .where(and(eq(siteRoom.tenantId, tenantId), eq(siteRoom.siteId, siteId)));
  const room = (name: string) => rooms.find((r) => r.name === name)!.id;

  type Item = {
    who: string;
    weeks: number[];
    times: readonly (readonly [string, string])[];
    room: string | null;
    kind: string;
    category: number;
  };
  const plan: Item[] = [
    {
      who: 'counsellor',
      weeks: [1, 2, 3, 4, 5],
      times: [...hourly(9, 11), ...hourly(14, 17)],
      room: '咨询室 1',
      kind: 'consult',
      category: 2,
    },
    {
      who: 'teacher',
      weeks: [2, 4],
      times: [...hourly(9, 11), ...hourly(14, 16)],
      room: '咨询室 2',
      kind: 'consult',
      category: 18,
    },
    { who: 'teacher', weeks: [3], times: hourly(9, 11), room: '初访室', kind: 'consult', category: 15 },
    { who: 'admin', weeks: [3], times: hourly(14, 16), room: '咨询室 3', kind: 'consult', category: 2 },
    {
      who: 'interviewer',
      weeks: [1, 5],
      times: hourly(9, 12),
      room: '初访室',
      kind: 'consult',
      category: 15,
    },
    {
      who: 'interviewer',
      weeks: [2, 4],
      times: [['18:00', '21:00']],
      room: null,
      kind: 'telephone',
      category: 13,
    },
    {
      who: 'assessor',
      weeks: [2, 4],
      times: hourly(14, 17),
      room: '咨询室 3',
      kind: 'consult',
      category: 17,
    },
  ];
  const rows = plan.flatMap((p) =>
    id.get(p.who) === undefined
      ? []
      : p.weeks.flatMap((week) =>
          p.times.map(([startTime, endTime]) => ({
            tenantId,
            counsellorId: id.get(p.who)!,
            siteId,
            roomId: p.room ? room(p.room) : null,
            kind: p.kind,
            category: p.category,
            week,
            startTime,
            endTime,
          })),
        ),
  );
  await database.db.insert(scheduleTemplate).values(rows);

  const termEnd = demoTerms(today)[0]!.endDate;
  await database.withTenant(tenantId, async (scope) => {
    await generateSchedule(scope, id.get('admin')!, {
      counsellorIds: [],
      startDate: addDays(today, 1),
      endDate: termEnd > addDays(today, 28) ? termEnd : addDays(today, 120),
    });
  });

  // One upcoming appointment of the demo student, so "my appointments" and the day list show something.
  const student = id.get('student');
  const counsellor = id.get('counsellor');
  if (student === undefined || counsellor === undefined) return;
  await database.withTenant(tenantId, async (scope) => {
    const { tx } = scope;
    const [slot] = await tx
      .select()
      .from(scheduleSlot)
      .where(
        and(
          eq(scheduleSlot.tenantId, tenantId),
          eq(scheduleSlot.counsellorId, counsellor),
          eq(scheduleSlot.status, 1),
        ),
      )
      .orderBy(scheduleSlot.startsAt)
      .offset(4)
      .limit(1);
    if (!slot) return;
    await tx
      .update(scheduleSlot)
      .set({ status: 2 })
      .where(and(eq(scheduleSlot.tenantId, tenantId), eq(scheduleSlot.id, slot.id)));
    await tx.insert(appointment).values({
      tenantId,
      visitorId: student,
      counsellorId: counsellor,
      slotId: slot.id,
      siteId,
      roomId: slot.roomId,
      type: 2,
      category: 2,
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
      source: 12,
      bookedBy: student,
      termKey: (await termRefOf(scope, slot.startsAt, await getPolicy(scope))).key,
      note: '最近睡眠不好，想聊聊学习压力',
    });
  });
}
