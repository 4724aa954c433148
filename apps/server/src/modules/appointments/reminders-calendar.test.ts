import { sql } from 'drizzle-orm';
import { rowsOf } from '../../core/db/rows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import {
  ALPHA,
  BETA,
  createPersistentTestDatabase,
  createTestContext,
  testEnv,
  type TestContext,
} from '../../test/harness';
import { addSlots, createSite, dayFromToday, expectOk, query, soon } from '../../test/scheduling-fixtures';
import { seedSchool } from '../../seed/school';
import type { SmsSender } from '../../core/sms/sms-sender';
import { createAppointmentNoticeJob } from './index';
import type { NoticePayload } from './appointment-notices';

let t: TestContext;
let admin: string;
let student: string;
let siteId: number;
let counsellorId: number;
let studentId: number;

const jobCtx = { signal: new AbortController().signal, isCancelled: async () => false };

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.tokenFor('admin');
  student = await t.tokenFor('student');
  siteId = (await createSite(t, admin, 'Centre', ['Room 1'])).id;
  counsellorId = t.alpha.userIds.counsellor!;
  studentId = t.alpha.userIds.student!;
  await t.database.db.execute(sql`update sys_user set phone = '13911112222' where id = ${studentId}`);
  // Several bookings of one student in this file.
  expectOk(await t.post('/biz/consult/schedule/policy', { maxUpcomingPerVisitor: 10 }, { token: admin }));
}, 180_000);
afterAll(() => t?.close());

const reminderJobs = (appointmentId: number) =>
  query<{ id: number; run_at: Date; payload: NoticePayload }>(
    t,
    sql`select id, run_at, payload from job where queue = 'appointments.notice'
      and payload->>'kind' = 'reminder' and (payload->>'appointmentId')::bigint = ${appointmentId} order by run_at`,
  );

describe('reminders before the session, through the message manager [spec:S1.9.10]', () => {
  it('queues a reminder a day and two hours before; the job sends once however often it runs', async () => {
    const slotId = (
      await addSlots(t, admin, { counsellorId, siteId, date: dayFromToday(3), times: [['09:00', '10:00']] })
    )[0]!;
    const a = expectOk(
      await t.post('/biz/consult/appointment/book', { slotId, type: 2 }, { token: student }),
    );
    const jobs = await reminderJobs(a.id);
    expect(jobs.map((j) => new Date(a.startTime).getTime() - new Date(j.run_at).getTime())).toEqual([
      1440 * 60_000,
      120 * 60_000,
    ]);

    const sent: { phone: string; text: string }[] = [];
    const sms: SmsSender = { send: async (m) => void sent.push(m) };
    const handler = createAppointmentNoticeJob({ database: t.database, sms });
    const job = {
      id: 0,
      tenantId: t.alpha.tenantId,
      queue: 'appointments.notice',
      payload: jobs[0]!.payload,
      attempts: 1,
      maxAttempts: 5,
    };
    await handler(job, jobCtx);
    await handler({ ...job, attempts: 2 }, jobCtx);
    const [n] = await query<{ n: number }>(
      t,
      sql`select count(*)::int as n from message where user_id = ${studentId} and title = '预约提醒'`,
    );
    expect(n!.n).toBe(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.phone).toBe('13911112222');
    expect(sent[0]!.text).toContain('预约提醒');
  });

  it('sends nothing for an appointment cancelled or moved since', async () => {
    const slotId = (
      await addSlots(t, admin, { counsellorId, siteId, date: dayFromToday(4), times: [['09:00', '10:00']] })
    )[0]!;
    const a = expectOk(
      await t.post('/biz/consult/appointment/book', { slotId, type: 2 }, { token: student }),
    );
    const [first] = await reminderJobs(a.id);
    expectOk(await t.post('/biz/consult/consultations/appointment/cancel', { id: a.id }, { token: student }));
    const before = await query<{ n: number }>(
      t,
      sql`select count(*)::int as n from message where title = '预约提醒'`,
    );
    const handler = createAppointmentNoticeJob({
      database: t.database,
      sms: { send: async () => undefined },
    });
    const r = await handler(
      {
        id: 0,
        tenantId: t.alpha.tenantId,
        queue: 'appointments.notice',
        payload: first!.payload,
        attempts: 1,
        maxAttempts: 5,
      },
      jobCtx,
    );
    expect(r).toEqual({ sent: false });
    const after = await query<{ n: number }>(
      t,
      sql`select count(*)::int as n from message where title = '预约提醒'`,
    );
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('lets a school switch the reminder off in the message manager', async () => {
    const list = expectOk(
      await t.get('/biz/message/messageManager/list?event=APPOINTMENT_REMINDER', { token: admin }),
    );
    const id = list.records[0].id;
    expectOk(await t.post('/biz/message/messageManager/switch', { id, enabled: false }, { token: admin }));
    try {
      const slotId = (
        await addSlots(t, admin, { counsellorId, siteId, date: dayFromToday(5), times: [['09:00', '10:00']] })
      )[0]!;
      const a = expectOk(
        await t.post(
          '/biz/consult/appointment/book',
          { slotId, type: 2, visitorId: studentId },
          { token: admin },
        ),
      );
      const [first] = await reminderJobs(a.id);
      const sent: unknown[] = [];
      await createAppointmentNoticeJob({
        database: t.database,
        sms: { send: async (m) => void sent.push(m) },
      })(
        {
          id: 0,
          tenantId: t.alpha.tenantId,
          queue: 'appointments.notice',
          payload: first!.payload,
          attempts: 1,
          maxAttempts: 5,
        },
        jobCtx,
      );
      expect(sent).toHaveLength(0);
    } finally {
      await t.post('/biz/message/messageManager/switch', { id, enabled: true }, { token: admin });
    }
  });
});

describe('a restart loses no reminder and sends none twice', () => {
  it('runs a due reminder in the next server process, once', async () => {
    const store = await createPersistentTestDatabase();
    const sent: string[] = [];
    const sms: SmsSender = { send: async (m) => void sent.push(m.phone) };
    try {
      // First process: the booking queues the reminders, then the process stops before they are due.
      let database = await store.open();
      const env = testEnv({ JOB_WORKERS: '0' });
      let app = await buildApp({ env, database, logger: false, sms });
      await app.app.ready();
      const alpha = await seedSchool(database, ALPHA);
      await seedSchool(database, BETA);
      const appointmentId = await database.withTenant(alpha.tenantId, async ({ tx }) => {
        const [s] = rowsOf<{ id: unknown }>(
          await tx.execute(
            sql`insert into site (tenant_id, name) values (${alpha.tenantId}, 'Centre') returning id`,
          ),
        );
        const start = new Date(Date.now() + 3 * 86_400_000);
        const [slot] = rowsOf<{ id: unknown }>(
          await tx.execute(sql`insert into schedule_slot (tenant_id, counsellor_id, site_id, kind, category, starts_at, ends_at, status)
            values (${alpha.tenantId}, ${alpha.userIds.counsellor!}, ${Number(s!.id)}, 'consult', 2, ${start.toISOString()},
              ${new Date(start.getTime() + 3_600_000).toISOString()}, 2) returning id, starts_at`),
        );
        await tx.execute(sql`update sys_user set phone = '13900009999' where id = ${alpha.userIds.student!}`);
        const [a] = rowsOf<{ id: unknown }>(
          await tx.execute(sql`insert into appointment (tenant_id, visitor_id, counsellor_id, slot_id, site_id, type, category,
            starts_at, ends_at, source, term_key) values (${alpha.tenantId}, ${alpha.userIds.student!}, ${alpha.userIds.counsellor!},
            ${Number(slot!.id)}, ${Number(s!.id)}, 2, 2, ${start.toISOString()}, ${new Date(start.getTime() + 3_600_000).toISOString()},
            12, 'h') returning id`),
        );
        const payload: NoticePayload = {
          kind: 'reminder',
          appointmentId: Number(a!.id),
          startsAt: start.toISOString(),
          lead: 1440,
        };
        // Already due: the reminder would fire while the server is down.
        await app.jobs.enqueue({ tx, tenantId: alpha.tenantId }, 'appointments.notice', payload, {
          runAt: new Date(Date.now() - 1000),
        });
        return Number(a!.id);
      });
      await app.app.close();
      await database.close();

      // Second process with workers: it picks the reminder up and sends it once.
      database = await store.open();
      app = await buildApp({ env: testEnv({ JOB_WORKERS: '2' }), database, logger: false, sms });
      await app.app.ready();
      const deadline = Date.now() + 15_000;
      let state = '';
      while (Date.now() < deadline) {
        const [row] = rowsOf<{ state: string }>(
          await database.db.execute(sql`select state from job where queue = 'appointments.notice'
            and (payload->>'appointmentId')::bigint = ${appointmentId}`),
        );
        state = row?.state ?? '';
        if (state === 'done') break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(state).toBe('done');
      const [n] = rowsOf<{ n: number }>(
        await database.db.execute(sql`select count(*)::int as n from message where title = '预约提醒'`),
      );
      expect(n!.n).toBe(1);
      expect(sent).toEqual(['13900009999']);
      await app.app.close();
      await database.close();
    } finally {
      await store.dispose();
    }
  }, 120_000);
});

describe('the iCalendar feed behind a revocable secret link', () => {
  it('serves my appointments as RFC 5545 to anyone holding the link, until I revoke it', async () => {
    const slotId = (await addSlots(t, admin, { counsellorId, siteId, ...soon(26 * 60) }))[0]!;
    const a = expectOk(
      await t.post(
        '/biz/consult/appointment/book',
        { slotId, type: 2, visitorId: studentId },
        { token: admin },
      ),
    );
    expect(expectOk(await t.get('/biz/consult/calendar/feed', { token: student }))).toMatchObject({
      active: false,
    });
    const feed = expectOk(await t.post('/biz/consult/calendar/feed', undefined, { token: student }));
    expect(feed.url).toMatch(/\/biz\/consult\/calendar\/ics\/\d+\.[A-Za-z0-9_-]{43}\.ics$/);
    const path = new URL(feed.url).pathname;
    const ics = await t.app.app.inject({ method: 'GET', url: path });
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toContain('text/calendar');
    expect(ics.body).toContain('BEGIN:VCALENDAR');
    expect(ics.body).toContain(`UID:appointment-${a.id}-${t.alpha.tenantId}@psy-platform`);
    expect(ics.body).toContain(`DTSTART:${a.startTime.replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`);
    expect(ics.body).toContain('STATUS:CONFIRMED');
    expect(ics.body).toMatch(/\r\n$/);
    // The token itself is never stored.
    const [row] = await query<{ token_hash: string }>(
      t,
      sql`select token_hash from calendar_feed where revoked_at is null`,
    );
    expect(feed.url).not.toContain(row!.token_hash);

    // A new link ends the old one; revoking ends the new one.
    const newer = expectOk(await t.post('/biz/consult/calendar/feed', undefined, { token: student }));
    expect((await t.app.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    expectOk(await t.post('/biz/consult/calendar/feed/revoke', undefined, { token: student }));
    expect((await t.app.app.inject({ method: 'GET', url: new URL(newer.url).pathname })).statusCode).toBe(
      404,
    );
    expect(
      (await t.app.app.inject({ method: 'GET', url: '/biz/consult/calendar/ics/1.bad' })).statusCode,
    ).toBe(400);
  });

  it('keeps another school’s feed out of reach: a token names its school', async () => {
    const feed = expectOk(await t.post('/biz/consult/calendar/feed', undefined, { token: student }));
    const token = new URL(feed.url).pathname.split('/').pop()!;
    const forged = token.replace(/^\d+/, String(t.beta.tenantId));
    expect(
      (await t.app.app.inject({ method: 'GET', url: `/biz/consult/calendar/ics/${forged}` })).statusCode,
    ).toBe(404);
  });
});
