/**
 * Fixtures of the appointment journeys (e2e/journeys/appointment-*.journey.mjs) on the demo school's
 * counselling centre (apps/server/src/seed/demo-schedules.ts), written as the database owner; `restore`
 * puts the school back as it was (rows made during the journey removed, slots, appointments and rules
 * as before), whatever the journey left.
 */

import { acceptAgreement, agreementDuring, removeAgreement } from './agreement.mjs';
import { readCatalogue } from './catalogues.mjs';
import { DEMO_ADMIN, DEMO_PASSWORD } from './journey.mjs';
import { signInToShell } from './shell.mjs';

const en = readCatalogue('en-US');

/** The school's zone (the demo school keeps the default rules). */
export const SCHOOL_ZONE = 'Asia/Shanghai';

/**
 * `yyyy-MM-dd` and `HH:mm` of an instant in the school's zone.
 * @param {Date} at
 */
export function schoolDate(at) {
  return new Intl.DateTimeFormat('en-CA', { timeZone: SCHOOL_ZONE, dateStyle: 'short' }).format(at);
}
/** @param {Date} at */
export function schoolTime(at) {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: SCHOOL_ZONE,
    hour: '2-digit',
    minute: '2-digit',
  }).format(at);
}
/**
 * The instant of a wall-clock time on a school day (the demo school's zone has no daylight saving).
 * @param {string} date `yyyy-MM-dd`
 * @param {string} time `HH:mm`
 */
export const schoolInstant = (date, time) => new Date(`${date}T${time}:00+08:00`);
/**
 * The school day `n` days from today.
 * @param {number} n
 */
export const schoolDayFromToday = (n) => schoolDate(new Date(Date.now() + n * 86_400_000));

/**
 * The day before a `yyyy-MM-dd` day.
 * @param {string} date
 */
export function dayBefore(date) {
  return new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}
/** The leave deadline of a session starting on `date` (17:00 the day before, S1.4.15), as shown. */
export const deadlineOf = (/** @type {string} */ date) => `${dayBefore(date)} 17:00`;

/**
 * Closes the new-message cards (a booking or cancel sends the visitor a message, shown as a card over the
 * page's corner) so that they do not cover what the journey clicks next on a small screen.
 * @param {import('playwright-core').Page} page
 */
export async function closeMessagePopups(page) {
  // Unread messages arrive a moment after the page: give them that moment.
  await page
    .getByTestId('message-cards')
    .waitFor({ timeout: 1500 })
    .catch(() => undefined);
  const close = page.getByTestId('message-cards').getByRole('button', { name: en.messages.cards.close });
  for (let i = 0; i < 10 && (await close.count()) > 0; i += 1) {
    await close.first().click();
    await page.waitForTimeout(200);
  }
}

/**
 * Waits until a list has loaded what it shows: while antd's spinner covers a table it takes the clicks
 * meant for the rows' buttons and checkboxes, which then do nothing.
 * @param {import('playwright-core').Locator} table
 */
export async function tableSettled(table) {
  await table.waitFor();
  await table.locator('.ant-spin-spinning').first().waitFor({ state: 'detached' });
}

/**
 * Clicks a button once it can take the click (visible, enabled, not covered by a spinner: the trial
 * click waits for all three) and waits for what the click must open, such as a confirmation dialog.
 * @param {import('playwright-core').Locator} button
 * @param {import('playwright-core').Locator} opened
 */
export async function clickOpening(button, opened) {
  await button.click({ trial: true });
  await button.click();
  await opened.waitFor();
}

/**
 * Confirms an open dialog and waits for the call it makes and for the dialog to close, so that the
 * next step reads the page after the change, not before it.
 * @param {import('playwright-core').Page} page
 * @param {import('playwright-core').Locator} button the dialog's confirming button
 * @param {string} path part of the URL of the call the confirmation makes
 */
export async function confirmAndWait(page, button, path) {
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.url().includes(path) && r.request().method() !== 'OPTIONS'),
    button.click(),
  ]);
  await page.getByRole('dialog').first().waitFor({ state: 'hidden' });
  return answer;
}

/**
 * The visitor books a time on their own booking panel ("my appointments", on a phone or a desktop): the day,
 * the slot, the confirmation; answers the booking's answer once the page says it is booked.
 * @param {import('playwright-core').Page} page
 * @param {{ id: number, date: string }} slot
 */
export async function bookOnPanel(page, slot) {
  // After a booking the panel shows the visitor's appointments: back to booking.
  await page
    .getByRole('group', { name: en.appointments.title })
    .getByRole('button', { name: en.appointments.tabs.book })
    .click();
  await page
    .getByRole('group', { name: en.appointments.book.day })
    .getByRole('button', { name: new RegExp(slot.date) })
    .click();
  await page.getByTestId(`slot-${slot.id}`).click();
  const [booked] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/consult/appointment/book')),
    page.getByRole('dialog').getByRole('button', { name: en.appointments.book.confirm, exact: true }).click(),
  ]);
  const answer = await booked.json();
  if (answer.code !== 0) throw new Error(`booking slot ${slot.id}: ${JSON.stringify(answer)}`);
  await page.getByTestId(`appointment-${answer.data.id}`).waitFor();
  // The confirmation closes after its call: the next booking's dialog is then the only one.
  await page.getByRole('dialog').first().waitFor({ state: 'hidden' });
  return answer.data;
}

/**
 * A front-desk action on the day list (arrival, no-show): waits for the list to have settled (its spinner
 * swallows clicks), for the confirmation to open, for the action's answer, and for the list to settle
 * again on the new status.
 * @param {import('playwright-core').Page} page
 * @param {import('playwright-core').Locator} table the day list
 * @param {import('playwright-core').Locator} row
 * @param {string} label the button's name (action and visitor)
 */
export async function deskAction(page, table, row, label) {
  await tableSettled(table);
  const confirm = page.getByRole('dialog').getByRole('button', { name: en.common.confirm, exact: true });
  await clickOpening(row.getByRole('button', { name: label }), confirm);
  const answer = await confirmAndWait(page, confirm, '/consult/appointment/action');
  const body = await answer.json();
  if (body.code !== 0) throw new Error(`${label}: ${JSON.stringify(body)}`);
  await tableSettled(table);
}

/**
 * A counsellor's action on a session card of "my sessions" (start, end): waits for the action's answer
 * and for the card to show the new status.
 * @param {import('playwright-core').Page} page
 * @param {import('playwright-core').Locator} card
 * @param {string} label the button's name
 * @param {string} shown the status the card shows after it
 */
export async function sessionAction(page, card, label, shown) {
  const button = card.getByRole('button', { name: label, exact: true });
  await button.click({ trial: true });
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/consult/appointment/action')),
    button.click(),
  ]);
  const body = await answer.json();
  if (body.code !== 0) throw new Error(`${label}: ${JSON.stringify(body)}`);
  await card.getByText(shown, { exact: true }).waitFor();
}

const TABLES_BY_ID = [
  'waitlist_offer',
  'waitlist_entry',
  'approval_request',
  'booking_override',
  'visitor_registration',
  'calendar_feed',
  'counsellor_leave',
  'video_record',
  // The messages the journey's bookings, cancels and decisions sent (they would pop up in later journeys).
  'message',
];

/** @typedef {{ id: number, start: Date, end: Date, date: string }} Slot */
/** @typedef {'admin' | 'student' | 'newcomer' | 'counsellor' | 'teacher' | 'supervisor' | 'clerk' | 'reception'} Person */
/** @type {Person[]} */
const PEOPLE = ['admin', 'student', 'newcomer', 'counsellor', 'teacher', 'supervisor', 'clerk', 'reception'];

/**
 * The demo school's people and centre, and a snapshot to restore.
 * @param {import('./db.mjs').Db} db
 */
export async function appointmentFixture(db) {
  const admin = await db.findUser('admin');
  const tenantId = admin.tenantId;
  /** @type {Record<Person, number>} */
  const people = /** @type {Record<Person, number>} */ (
    Object.fromEntries(PEOPLE.map((username) => [username, 0]))
  );
  for (const username of PEOPLE) people[username] = (await db.findUser(username)).id;
  const { rows: sites } = await db.query(`select id from site where tenant_id = $1 order by id limit 1`, [
    tenantId,
  ]);
  const siteId = Number(sites[0]?.id);
  /** @type {Record<string, number>} the largest id of each table before the journey */
  const max = {};
  for (const table of ['appointment', 'schedule_slot', ...TABLES_BY_ID]) {
    const { rows } = await db.query(`select coalesce(max(id), 0) as id from ${table} where tenant_id = $1`, [
      tenantId,
    ]);
    max[table] = Number(rows[0]?.id);
  }
  const { rows: slots } = await db.query(
    `select id, status, deleted_at from schedule_slot where tenant_id = $1 and kind = 'consult' and status <> 1`,
    [tenantId],
  );
  const { rows: appointments } = await db.query(
    `select id, status, interview_status, deleted_at, counts_as_no_show, no_show_reason, cancelled_at
       from appointment where tenant_id = $1`,
    [tenantId],
  );
  const { rows: policy } = await db.query(`select value from scheduling_policy where tenant_id = $1`, [
    tenantId,
  ]);
  // Sites' booking profiles (notice, departments, categories) and who has read their notices.
  const { rows: siteProfiles } = await db.query(
    `select site_id, notice, notice_version, categories from site_profile where tenant_id = $1`,
    [tenantId],
  );
  const { rows: siteDepts } = await db.query(`select site_id, dept_id from site_dept where tenant_id = $1`, [
    tenantId,
  ]);
  const { rows: noticeReads } = await db.query(
    `select site_id, user_id, notice_version, read_at from site_notice_read where tenant_id = $1`,
    [tenantId],
  );

  /**
   * A query with the school's id as $1.
   * @param {string} sql
   * @param {unknown[]} [params]
   */
  const q = (sql, params = []) => db.query(sql, [tenantId, ...params]);
  /** @type {string[]} users who accepted the start-up agreement during the journey */
  const agreedHere = [];
  /** @type {number[]} generated slots withdrawn to make way for a fixture slot */
  const madeWay = [];

  /**
   * Sets (or, with null, removes) the school's booking rules.
   * @param {object | null} value
   */
  const setPolicy = async (value) => {
    if (value === null) await q(`delete from scheduling_policy where tenant_id = $1`);
    else {
      await q(
        `insert into scheduling_policy (tenant_id, value) values ($1, $2::jsonb)
         on conflict (tenant_id) do update set value = excluded.value, updated_at = now()`,
        [JSON.stringify(value)],
      );
    }
  };

  return {
    tenantId,
    people,
    siteId,
    q,
    setPolicy,

    /**
     * Takes a visitor's live appointments off (deleted, their slots free) so the rules start clean.
     * @param {number} visitorId
     */
    async clearVisitor(visitorId) {
      const { rows } = await q(
        `update appointment set deleted_at = now() where tenant_id = $1 and visitor_id = $2 and deleted_at is null
         returning slot_id`,
        [visitorId],
      );
      for (const row of rows) {
        if (row.slot_id)
          await q(`update schedule_slot set status = 1 where tenant_id = $1 and id = $2`, [row.slot_id]);
      }
    },

    /**
     * A bookable slot of a counsellor (the supervisor, who has no others, by default), `fromMinutes` from
     * now or at `start`, 30 minutes long; the counsellor's free generated slots at that time make way (put
     * back by `restore`).
     * @param {{ counsellorId?: number, fromMinutes?: number, start?: Date, minutes?: number, status?: number }} options
     * @returns {Promise<Slot>}
     */
    async makeSlot({
      counsellorId = people.supervisor,
      fromMinutes = 0,
      start: at,
      minutes = 30,
      status = 1,
    }) {
      const start = at ?? new Date(Math.ceil((Date.now() + fromMinutes * 60_000) / 60_000) * 60_000);
      const end = new Date(start.getTime() + minutes * 60_000);
      const { rows: clashes } = await q(
        `update schedule_slot set deleted_at = now()
          where tenant_id = $1 and counsellor_id = $2 and deleted_at is null and status in (1, 10)
            and tstzrange(starts_at, ends_at) && tstzrange($3, $4) returning id`,
        [counsellorId, start, end],
      );
      madeWay.push(...clashes.map((r) => Number(r.id)));
      const { rows } = await q(
        `insert into schedule_slot (tenant_id, counsellor_id, site_id, kind, category, starts_at, ends_at, status)
         values ($1, $2, $3, 'consult', 2, $4, $5, $6) returning id`,
        [counsellorId, siteId, start, end, status],
      );
      return { id: Number(rows[0]?.id), start, end, date: schoolDate(start) };
    },

    /**
     * An appointment written straight into the database (a fixture, not a booking under the rules): on a
     * slot, which it books, or at `start`-`end` without one.
     * @param {{ visitorId: number, counsellorId?: number, slot?: Slot, status?: string,
     *   interviewStatus?: number, start?: Date, end?: Date, mode?: number }} options
     */
    async makeAppointment({
      visitorId,
      counsellorId = people.supervisor,
      slot,
      status = 'appointment',
      interviewStatus = 1,
      start,
      end,
      mode = 1,
    }) {
      const { rows: terms } = await q(
        `select term_key from appointment where tenant_id = $1 order by id desc limit 1`,
      );
      const { rows } = await q(
        `insert into appointment (tenant_id, visitor_id, counsellor_id, slot_id, site_id, type, category, starts_at,
           ends_at, status, interview_status, source, booked_by, term_key, mode)
         values ($1, $2, $3, $4, $5, 2, 2, $6, $7, $8, $9, 12, $2, $10, $11) returning id`,
        [
          visitorId,
          counsellorId,
          slot?.id ?? null,
          siteId,
          slot?.start ?? start,
          slot?.end ?? end,
          status,
          interviewStatus,
          terms[0]?.term_key,
          mode,
        ],
      );
      if (slot && status === 'appointment') {
        await q(`update schedule_slot set status = 2 where tenant_id = $1 and id = $2`, [slot.id]);
      }
      return Number(rows[0]?.id);
    },

    /**
     * Time passes (a fixture): an appointment this fixture made (`restore` removes it) begins at `at`, as
     * long as it was, so what the clock allows from its start (a no-show) can be recorded. The server's
     * tests do the same with `begun()`.
     * @param {number} appointmentId
     * @param {Date} at
     */
    async begin(appointmentId, at) {
      const { rows } = await q(
        `update appointment set starts_at = $3, ends_at = $3::timestamptz + (ends_at - starts_at)
          where tenant_id = $1 and id = $2 and id > $4 returning id`,
        [appointmentId, at, max.appointment],
      );
      if (rows.length !== 1) throw new Error(`begin(${appointmentId}): not an appointment this fixture made`);
    },

    /**
     * Marks every site's current notice read by a user (journeys about something else then book without
     * it), or, with `read` false, unread (the notice shows again).
     * @param {number} userId
     * @param {boolean} [read]
     */
    async setSiteNoticesRead(userId, read = true) {
      await q(`delete from site_notice_read where tenant_id = $1 and user_id = $2`, [userId]);
      if (read) {
        await q(
          `insert into site_notice_read (tenant_id, site_id, user_id, notice_version)
           select tenant_id, site_id, $2, notice_version from site_profile
            where tenant_id = $1 and notice is not null`,
          [userId],
        );
      }
    },

    /**
     * Signs a demo user in (password login) and gets past the start-up agreement when the school asks
     * for it (spec S0.4.1; the agreement is removed again by `restore`).
     * @param {import('playwright-core').Page} page
     * @param {string} baseUrl
     * @param {string} username
     * @param {'zh-CN' | 'en-US'} lang
     */
    async signIn(page, baseUrl, username, lang) {
      const [, agreement] = await agreementDuring(page, () =>
        signInToShell(page, baseUrl, {
          lang,
          account: username === DEMO_ADMIN.username ? DEMO_ADMIN : { username, password: DEMO_PASSWORD },
        }),
      );
      if (agreement?.mustAgree) {
        agreedHere.push(username);
        await acceptAgreement(page, agreement, lang);
      }
    },

    /** Puts the school back as it was when the fixture was made. */
    async restore() {
      for (const username of agreedHere) await removeAgreement(db, await db.findUser(username));
      for (const table of TABLES_BY_ID) {
        await q(`delete from ${table} where tenant_id = $1 and id > $2`, [max[table]]);
      }
      await q(`delete from appointment where tenant_id = $1 and id > $2`, [max.appointment]);
      await q(`delete from schedule_slot where tenant_id = $1 and id > $2`, [max.schedule_slot]);
      if (madeWay.length) {
        await q(
          `update schedule_slot set deleted_at = null where tenant_id = $1 and id = any($2::bigint[])`,
          [madeWay],
        );
      }
      for (const a of appointments) {
        await q(
          `update appointment set status = $3, interview_status = $4, deleted_at = $5, counts_as_no_show = $6,
             no_show_reason = $7, cancelled_at = $8
           where tenant_id = $1 and id = $2`,
          [
            a.id,
            a.status,
            a.interview_status,
            a.deleted_at,
            a.counts_as_no_show,
            a.no_show_reason,
            a.cancelled_at,
          ],
        );
      }
      await q(`update schedule_slot set status = 1 where tenant_id = $1 and kind = 'consult' and id <= $2`, [
        max.schedule_slot,
      ]);
      for (const s of slots) {
        await q(`update schedule_slot set status = $3 where tenant_id = $1 and id = $2`, [s.id, s.status]);
      }
      await setPolicy(policy[0] ? policy[0].value : null);
      await q(`delete from site_notice_read where tenant_id = $1`);
      for (const r of noticeReads) {
        await q(
          `insert into site_notice_read (tenant_id, site_id, user_id, notice_version, read_at)
           values ($1, $2, $3, $4, $5)`,
          [r.site_id, r.user_id, r.notice_version, r.read_at],
        );
      }
      await q(`delete from site_dept where tenant_id = $1`);
      for (const r of siteDepts) {
        await q(`insert into site_dept (tenant_id, site_id, dept_id) values ($1, $2, $3)`, [
          r.site_id,
          r.dept_id,
        ]);
      }
      await q(`delete from site_profile where tenant_id = $1 and not (site_id = any($2::bigint[]))`, [
        siteProfiles.map((r) => r.site_id),
      ]);
      for (const r of siteProfiles) {
        await q(
          `update site_profile set notice = $3, notice_version = $4, categories = $5
            where tenant_id = $1 and site_id = $2`,
          [r.site_id, r.notice, r.notice_version, r.categories],
        );
      }
    },
  };
}
