import assert from 'node:assert/strict';
import { appointmentFixture, schoolDate } from '../lib/appointments.mjs';
import { checkA11y } from '../lib/axe.mjs';
import { interpolate, readCatalogue } from '../lib/catalogues.mjs';
import { expectText, screenshot } from '../lib/journey.mjs';

export const name =
  '[spec:S1.7.10] [spec:S1.7.3] appointment schedule administration: the administrator sees the week and the school-wide month calendar, adds a slot by date and deletes it, adds and removes a holiday, and changes a booking rule that the rules page then shows; zh-CN too';
export const needsDb = true;

const en = readCatalogue('en-US');
const zh = readCatalogue('zh-CN');

/** @param {import('../lib/journey.mjs').JourneyContext} journey */
export async function run({ page, baseUrl, artifacts, db }) {
  const fx = await appointmentFixture(db);
  try {
    await page.setViewportSize({ width: 1366, height: 900 });
    await fx.signIn(page, baseUrl, 'admin', 'en-US');
    await page.goto(`${baseUrl}/appointment/schedule/index`);
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
    const day = schoolDate(new Date(Date.now() + 20 * 86_400_000));
    await dialog.getByLabel(en.scheduling.schedule.counsellor).click();
    await page.locator('.ant-select-item-option').filter({ hasText: '何多角色' }).click();
    await dialog.getByLabel(en.scheduling.schedule.site).click();
    await page.locator('.ant-select-item-option').filter({ hasText: '心理健康教育中心' }).click();
    await dialog.getByLabel(en.scheduling.schedule.date).fill(day);
    await dialog.getByLabel(en.scheduling.schedule.start).fill('19:00');
    await dialog.getByLabel(en.scheduling.schedule.end).fill('19:30');
    await dialog.getByRole('button', { name: en.common.confirm, exact: true }).click();
    await expectText(page, en.adminKit.saved);
    await page.getByLabel(en.scheduling.schedule.from).fill(day);
    const row = page.getByTestId('slot-table').locator('tbody tr').filter({ hasText: '19:00-19:30' });
    await expectText(page, '何多角色', { within: row });
    await page.mouse.move(0, 0);
    await checkA11y(page, { name: 'appointment-schedule-slots', artifacts, include: '#main-content' });
    await row.getByRole('checkbox').check();
    await page.getByRole('button', { name: en.scheduling.schedule.delete, exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: en.common.confirm, exact: true }).click();
    await expectText(page, en.scheduling.schedule.deleted);
    await row.waitFor({ state: 'detached' });

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
    await page.goto(`${baseUrl}/appointment/settings/index`);
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
