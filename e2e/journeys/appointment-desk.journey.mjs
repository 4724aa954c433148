import assert from 'node:assert/strict';
import {
  appointmentFixture,
  closeMessagePopups,
  deskAction,
  schoolDate,
  schoolTime,
  sessionAction,
} from '../lib/appointments.mjs';
import { checkA11y } from '../lib/axe.mjs';
import { readCatalogue } from '../lib/catalogues.mjs';
import { expectText, screenshot, visit } from '../lib/journey.mjs';

export const name =
  '[spec:S1.4.1] [spec:S1.4.2] [spec:S1.3.3] [spec:S1.4.4] appointments at the front desk: the clerk books for a visitor (visitor, rules, type, counsellor, time); the receptionist sees the day, marks one visitor arrived and another a no-show; the counsellor sees the session in the week calendar and starts and ends it';
export const needsDb = true;

const en = readCatalogue('en-US');

/** @param {import('../lib/journey.mjs').JourneyContext} journey */
export async function run({ page, baseUrl, artifacts, db }) {
  const fx = await appointmentFixture(db);
  const browser = page.context().browser();
  assert.ok(browser, 'the journey runs in a launched browser');
  try {
    await fx.clearVisitor(fx.people.student);
    await fx.clearVisitor(fx.people.newcomer);
    // Two sessions of the administrator (also a counsellor) later today.
    const first = await fx.makeSlot({ counsellorId: fx.people.admin, fromMinutes: 70 });
    const second = await fx.makeSlot({ counsellorId: fx.people.admin, fromMinutes: 110 });
    const newcomerSession = await fx.makeAppointment({
      visitorId: fx.people.newcomer,
      counsellorId: fx.people.admin,
      slot: second,
    });

    // The clerk books the first for the student (S1.3.3 visitor selection).
    await page.setViewportSize({ width: 1366, height: 900 });
    await fx.signIn(page, baseUrl, 'clerk', 'en-US');
    await visit(page, `${baseUrl}/appointment/book/index`);
    await expectText(page, en.scheduling.book.title);
    await expectText(page, en.scheduling.book.chooseFirst);
    const visitor = page.getByRole('combobox', { name: en.scheduling.book.visitor });
    await visitor.click();
    await visitor.fill('林同学');
    await page.locator('.ant-select-item-option').filter({ hasText: '林同学' }).first().click();
    await expectText(page, en.appointments.rules.title);
    await page
      .getByRole('group', { name: en.appointments.book.day })
      .getByRole('button', { name: new RegExp(first.date) })
      .click();
    await page.getByTestId(`slot-${first.id}`).click();
    const [booked] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/consult/appointment/book')),
      page
        .getByRole('dialog')
        .getByRole('button', { name: en.appointments.book.confirm, exact: true })
        .click(),
    ]);
    const bookedAnswer = await booked.json();
    assert.equal(bookedAnswer.code, 0, `booked: ${JSON.stringify(bookedAnswer)}`);
    assert.equal(bookedAnswer.data.visitorName, '林同学');
    await expectText(page, en.appointments.book.booked);
    await screenshot(page, artifacts, 'appointment-desk-clerk-booked');

    // The receptionist's day: both sessions, arrival for one, a no-show for the other.
    const desk = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const deskPage = await desk.newPage();
    await fx.signIn(deskPage, baseUrl, 'reception', 'en-US');
    await visit(deskPage, `${baseUrl}/appointment/queue/index`);
    await expectText(deskPage, en.scheduling.queue.title);
    if (first.date !== schoolDate(new Date())) {
      await deskPage.getByRole('button', { name: en.scheduling.queue.next, exact: true }).click();
    }
    const table = deskPage.getByTestId('day-list');
    const studentRow = table.locator('tbody tr').filter({ hasText: '林同学' });
    const newcomerRow = table.locator('tbody tr').filter({ hasText: '沈新生' });
    await studentRow.waitFor();
    await expectText(deskPage, schoolTime(first.start), { exact: false, within: studentRow });
    await deskPage.mouse.move(0, 0);
    await checkA11y(deskPage, { name: 'appointment-desk-day', artifacts, include: '#main-content' });

    await deskAction(deskPage, table, studentRow, `${en.appointments.desk.actions.arrive} 林同学`);
    await expectText(deskPage, 'Visitor arrived', { within: studentRow }).catch(async (error) => {
      await screenshot(deskPage, artifacts, 'appointment-desk-day-failure');
      throw error;
    });
    // A no-show is not offered before the session's time: it would count against the visitor.
    const newcomerNoShow = `${en.appointments.desk.actions.visitorNoShow} 沈新生`;
    assert.equal(await newcomerRow.getByRole('button', { name: newcomerNoShow }).count(), 0);
    // Time passes (a fixture): the newcomer's session began a minute ago and nobody came; the desk's day
    // shows it (the day of "now", which may be the day before the first session's near midnight).
    // Not before today's midnight (the school's zone has no daylight-saving time: +08:00 all year).
    const midnight = new Date(`${schoolDate(new Date())}T00:00:00+08:00`).getTime();
    const began = new Date(Math.max(Date.now() - 60_000, midnight));
    await fx.begin(newcomerSession, began);
    await deskPage.reload();
    await expectText(deskPage, en.scheduling.queue.title);
    await newcomerRow.waitFor();
    await deskAction(deskPage, table, newcomerRow, newcomerNoShow);
    await expectText(deskPage, 'Visitor no-show', { within: newcomerRow });
    if (first.date !== schoolDate(new Date())) {
      await deskPage.getByRole('button', { name: en.scheduling.queue.next, exact: true }).click();
    }
    await studentRow.waitFor();
    // Start and end are the counsellor's: the desk is not offered them.
    assert.equal(
      await studentRow.getByRole('button', { name: `${en.appointments.desk.actions.start} 林同学` }).count(),
      0,
    );
    await screenshot(deskPage, artifacts, 'appointment-desk-day');
    await desk.close();

    // The counsellor: the session in the week calendar, then start and end from "my sessions".
    const counsellor = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const counsellorPage = await counsellor.newPage();
    await fx.signIn(counsellorPage, baseUrl, 'admin', 'en-US');
    await visit(counsellorPage, `${baseUrl}/appointment/mine/index`);
    const calendar = counsellorPage.getByTestId('counsellor-calendar');
    await calendar.waitFor();
    await expectText(counsellorPage, '林同学 · Booked', { exact: false, within: calendar });
    await screenshot(counsellorPage, artifacts, 'appointment-desk-counsellor-calendar');
    await closeMessagePopups(counsellorPage);
    await counsellorPage.getByRole('button', { name: en.appointments.tabs.sessions, exact: true }).click();
    const session = counsellorPage
      .getByTestId('my-sessions')
      .locator('.ant-card')
      .filter({ hasText: '林同学' });
    await session.waitFor();
    await sessionAction(counsellorPage, session, en.appointments.desk.actions.start, 'In session');
    await sessionAction(counsellorPage, session, en.appointments.desk.actions.end, 'Record to be filled');
    await screenshot(counsellorPage, artifacts, 'appointment-desk-counsellor-sessions');
    await counsellor.close();
  } finally {
    await fx.restore();
  }
}
