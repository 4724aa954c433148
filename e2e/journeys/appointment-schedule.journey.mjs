import assert from 'node:assert/strict';
import {
  appointmentFixture,
  clickOpening,
  confirmAndWait,
  schoolDate,
  tableSettled,
} from '../lib/appointments.mjs';
import { checkA11y } from '../lib/axe.mjs';
import { interpolate, readCatalogue } from '../lib/catalogues.mjs';
import { expectText, screenshot, visit } from '../lib/journey.mjs';

export const name =
  "[spec:S1.7.10] [spec:S1.7.11] [spec:S1.7.3] [spec:S1.4.1] appointment schedule administration: the administrator sees the week and the school-wide month calendar, adds a slot by date and deletes it, adds a telephone duty shift and deletes it, approves a counsellor's leave asked from their page, restores a deleted appointment from the records, adds and removes a holiday, and changes a booking rule that the rules page then shows; zh-CN too";
export const needsDb = true;

const en = readCatalogue('en-US');
const zh = readCatalogue('zh-CN');
/** The demo's site as an English reader sees it (contracts SEEDED_NAMES_EN; stored as 心理健康教育中心). */
const DEMO_SITE_EN = 'Mental Health Education Centre';

/** @param {import('../lib/journey.mjs').JourneyContext} journey */
export async function run({ page, baseUrl, artifacts, db }) {
  const fx = await appointmentFixture(db);
  const browser = page.context().browser();
  assert.ok(browser, 'the journey runs in a launched browser');
  try {
    await page.setViewportSize({ width: 1366, height: 900 });
    await fx.signIn(page, baseUrl, 'admin', 'en-US');
    await visit(page, `${baseUrl}/appointment/schedule/index`);
    await expectText(page, en.scheduling.schedule.title);

    // The calendar: the week of every counsellor's slots, then the month as counts per day.
    const calendar = page.getByTestId('schedule-calendar');
    await calendar.waitFor();
    await calendar.getByRole('button', { name: 'month' }).click();
    await expectText(page, /\d+ free$/, { within: calendar });
    await screenshot(page, artifacts, 'appointment-schedule-month');

    // A slot by date: added, found in the week's list, deleted.
    await page.getByRole('tab', { name: en.scheduling.schedule.tabs.slots }).click();
    await page.getByTestId('slot-add').click();
    const dialog = page.getByRole('dialog');
    // A Saturday about three weeks ahead: the demo term has no slots at weekends, so the new slot is on the
    // list's first page whatever today's weekday (a weekday's seeded slots fill the page before 19:00).
    const ahead = schoolDate(new Date(Date.now() + 20 * 86_400_000));
    const toSaturday = (6 - new Date(`${ahead}T00:00:00Z`).getUTCDay() + 7) % 7;
    const day = schoolDate(new Date(Date.parse(`${ahead}T12:00:00Z`) + toSaturday * 86_400_000));
    await dialog.getByLabel(en.scheduling.schedule.counsellor).click();
    await page.locator('.ant-select-item-option').filter({ hasText: '何多角色' }).click();
    await dialog.getByLabel(en.scheduling.schedule.site).click();
    await page.locator('.ant-select-item-option').filter({ hasText: DEMO_SITE_EN }).click();
    await dialog.getByLabel(en.scheduling.schedule.date).fill(day);
    await dialog.getByLabel(en.scheduling.schedule.start).fill('19:00');
    await dialog.getByLabel(en.scheduling.schedule.end).fill('19:30');
    await dialog.getByRole('button', { name: en.common.confirm, exact: true }).click();
    await expectText(page, en.adminKit.saved);
    const slotTable = page.getByTestId('slot-table');
    await page.getByLabel(en.scheduling.schedule.from, { exact: true }).fill(day);
    const row = slotTable.locator('tbody tr').filter({ hasText: '19:00-19:30' });
    await expectText(page, '何多角色', { within: row });
    await page.mouse.move(0, 0);
    await checkA11y(page, { name: 'appointment-schedule-slots', artifacts, include: '#main-content' });
    // Tick only once the list has settled on the new week, and check that the tick took.
    await tableSettled(slotTable);
    await row.getByRole('checkbox').check();
    assert.ok(await row.getByRole('checkbox').isChecked(), 'the slot is ticked');
    const confirmDelete = page
      .getByRole('dialog')
      .getByRole('button', { name: en.common.confirm, exact: true });
    await clickOpening(
      page.getByRole('button', { name: en.scheduling.schedule.delete, exact: true }),
      confirmDelete,
    );
    await confirmAndWait(page, confirmDelete, '/consult/schedule/delete');
    await expectText(page, en.scheduling.schedule.deleted);
    await row.waitFor({ state: 'detached' });

    // A telephone duty shift: added on the duty tab (no category), listed, deleted.
    await page.getByRole('tab', { name: en.scheduling.schedule.tabs.duty }).click();
    const dutyTable = page.getByTestId('duty-table');
    await tableSettled(dutyTable);
    await page.getByTestId('duty-add').click();
    const dutyDialog = page.getByRole('dialog');
    await dutyDialog.getByLabel(en.scheduling.schedule.counsellor).click();
    await page.locator('.ant-select-item-option').filter({ hasText: '何多角色' }).click();
    await dutyDialog.getByLabel(en.scheduling.schedule.site).click();
    await page.locator('.ant-select-item-option').filter({ hasText: DEMO_SITE_EN }).click();
    assert.equal(
      await dutyDialog.getByLabel(en.scheduling.schedule.category).count(),
      0,
      'a shift has no category',
    );
    await dutyDialog.getByLabel(en.scheduling.schedule.date).fill(day);
    await dutyDialog.getByLabel(en.scheduling.schedule.start).fill('20:00');
    await dutyDialog.getByLabel(en.scheduling.schedule.end).fill('21:00');
    await dutyDialog.getByRole('button', { name: en.common.confirm, exact: true }).click();
    await expectText(page, en.adminKit.saved);
    await dutyDialog.waitFor({ state: 'hidden' });
    await page.getByLabel(en.scheduling.schedule.from, { exact: true }).fill(day);
    const shift = dutyTable.locator('tbody tr').filter({ hasText: '20:00-21:00' });
    await expectText(page, en.scheduling.schedule.dutyStatus.ok, { within: shift });
    await tableSettled(dutyTable);
    await shift.getByRole('checkbox').check();
    await clickOpening(
      page.getByRole('button', { name: en.scheduling.schedule.delete, exact: true }),
      confirmDelete,
    );
    await confirmAndWait(page, confirmDelete, '/consult/schedule/delete');
    await shift.waitFor({ state: 'detached' });

    // A counsellor asks for a day of leave far ahead from their own page; the administrator sees what it
    // would do and approves it.
    const leaveDay = schoolDate(new Date(Date.now() + 300 * 86_400_000));
    const counsellor = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const counsellorPage = await counsellor.newPage();
    await fx.signIn(counsellorPage, baseUrl, 'counsellor', 'en-US');
    await visit(counsellorPage, `${baseUrl}/appointment/mine/index`);
    await counsellorPage.getByRole('button', { name: en.appointments.tabs.leave, exact: true }).click();
    const myLeave = counsellorPage.getByTestId('my-leave');
    await myLeave.getByTestId('leave-startDate').fill(leaveDay);
    await myLeave.getByTestId('leave-endDate').fill(leaveDay);
    await myLeave.getByLabel(en.appointments.leave.reason).fill('E2E conference');
    await myLeave.getByTestId('leave-submit').click();
    await expectText(counsellorPage, en.appointments.leave.asked);
    const asked = myLeave.locator('.ant-card').filter({ hasText: 'E2E conference' });
    await expectText(counsellorPage, en.appointments.leave.status.pending, { within: asked });
    await screenshot(counsellorPage, artifacts, 'appointment-schedule-leave-asked');
    await counsellor.close();

    await page.getByRole('tab', { name: en.scheduling.schedule.tabs.leave }).click();
    const leaveRow = page
      .getByTestId('leave-table')
      .locator('tbody tr')
      .filter({ hasText: 'E2E conference' });
    await expectText(page, interpolate(en.appointments.leave.effect.would, { appointments: 0, slots: 0 }), {
      within: leaveRow,
    });
    await page.mouse.move(0, 0);
    await checkA11y(page, { name: 'appointment-schedule-leave', artifacts, include: '#main-content' });
    const approve = page
      .getByRole('dialog')
      .getByRole('button', { name: en.scheduling.leave.approve, exact: true });
    await clickOpening(
      leaveRow.getByRole('button', { name: new RegExp(`^${en.scheduling.leave.approve} `) }),
      approve,
    );
    await page.getByRole('dialog').getByRole('textbox').fill('cover found');
    await confirmAndWait(page, approve, '/counsellorLeave/decide');
    await expectText(page, en.scheduling.leave.decided.approved);
    await leaveRow.waitFor({ state: 'detached' });
    const { rows: leaves } = await fx.q(
      `select status, decision_comment from counsellor_leave where tenant_id = $1 and reason = 'E2E conference'`,
    );
    assert.deepEqual(leaves[0], { status: 'approved', decision_comment: 'cover found' });

    // A deleted appointment, restored from the records page: its slot is booked again.
    const deletedSlot = await fx.makeSlot({ fromMinutes: 30 * 1440 });
    const deletedId = await fx.makeAppointment({ visitorId: fx.people.newcomer, slot: deletedSlot });
    await fx.q(
      `update appointment set deleted_at = now(), deleted_by = $2 where tenant_id = $1 and id = $3`,
      [fx.people.admin, deletedId],
    );
    await fx.q(`update schedule_slot set status = 1 where tenant_id = $1 and id = $2`, [deletedSlot.id]);
    await visit(page, `${baseUrl}/appointment/records/index`);
    await expectText(page, en.scheduling.records.title);
    await page.getByText(en.scheduling.records.views.deleted, { exact: true }).click();
    const deletedTable = page.getByTestId('deleted-table');
    const deletedRow = deletedTable
      .locator('tbody tr')
      .filter({ hasText: deletedSlot.date })
      .filter({ hasText: '沈新生' });
    await deletedRow.waitFor();
    await tableSettled(deletedTable);
    const confirmRestore = page
      .getByRole('dialog')
      .getByRole('button', { name: en.common.confirm, exact: true });
    await clickOpening(
      deletedRow.getByRole('button', { name: `${en.scheduling.records.restore} 沈新生` }),
      confirmRestore,
    );
    await confirmAndWait(page, confirmRestore, '/deleteAppoint/restore');
    await expectText(page, en.scheduling.records.restored);
    await deletedRow.waitFor({ state: 'detached' });
    const { rows: restored } = await fx.q(
      `select a.deleted_at, s.status from appointment a join schedule_slot s on s.tenant_id = a.tenant_id and s.id = a.slot_id
        where a.tenant_id = $1 and a.id = $2`,
      [deletedId],
    );
    assert.deepEqual(restored[0], { deleted_at: null, status: 2 }, 'restored, its slot booked again');
    await visit(page, `${baseUrl}/appointment/schedule/index`);
    await expectText(page, en.scheduling.schedule.title);

    // A holiday far ahead: saved with what it withdrew, then removed.
    await page.getByRole('tab', { name: en.scheduling.schedule.tabs.terms }).click();
    await page.getByRole('button', { name: en.scheduling.schedule.add_holiday, exact: true }).click();
    const holiday = page.getByRole('dialog');
    const far = schoolDate(new Date(Date.now() + 300 * 86_400_000));
    await holiday.getByLabel(en.scheduling.schedule.name).fill('E2E holiday');
    await holiday.getByLabel(en.scheduling.schedule.firstDay).fill(far);
    await holiday.getByLabel(en.scheduling.schedule.lastDay).fill(far);
    await holiday.getByRole('button', { name: en.common.confirm, exact: true }).click();
    await expectText(page, interpolate(en.scheduling.schedule.holidaySaved, { slots: 0, appointments: 0 }));
    await expectText(page, `E2E holiday: ${far} — ${far}`);
    await page.getByRole('button', { name: `${en.scheduling.schedule.delete} E2E holiday` }).click();
    await page.getByRole('dialog').getByRole('button', { name: en.common.confirm, exact: true }).click();
    await expectText(page, en.scheduling.schedule.deleted);

    // The booking rules: eight sessions a term, shown to the student's rules afterwards.
    await visit(page, `${baseUrl}/appointment/settings/index`);
    await expectText(page, en.scheduling.settings.title);
    await expectText(page, en.scheduling.settings.codes.zxyyms.title);
    const sessions = page.getByLabel(en.scheduling.settings.fields.sessionsPerTerm);
    assert.equal(await sessions.inputValue(), '6');
    await sessions.fill('8');
    await page.getByRole('button', { name: en.scheduling.settings.save, exact: true }).click();
    await expectText(page, en.adminKit.saved);
    await page.mouse.move(0, 0);
    await checkA11y(page, { name: 'appointment-settings', artifacts, include: '#main-content' });
    const { rows } = await fx.q(`select value from scheduling_policy where tenant_id = $1`);
    assert.equal(rows[0]?.value.sessionsPerTerm, 8, 'the rule is saved');
    await screenshot(page, artifacts, 'appointment-settings');

    await page.evaluate(() => localStorage.setItem('psy-lang', 'zh-CN'));
    await page.reload();
    await expectText(page, zh.scheduling.settings.title);
    await expectText(page, zh.scheduling.settings.codes.sfqyycdy.title);
    await screenshot(page, artifacts, 'appointment-settings-zh-CN');
  } finally {
    await fx.restore();
  }
}
