import assert from 'node:assert/strict';
import { appointmentFixture, closeMessagePopups, schoolDate, schoolTime } from '../lib/appointments.mjs';
import { checkA11y } from '../lib/axe.mjs';
import { interpolate, readCatalogue } from '../lib/catalogues.mjs';
import { expectText, screenshot, visit } from '../lib/journey.mjs';

export const name =
  '[spec:S1.9.1] [spec:S1.9.5] appointment waiting list: a visitor joins the waiting list on a phone; another visitor cancels a booked time; the freed time is offered to the waiting visitor with the moment the offer ends, who claims it and has it in "my appointments"; the clerk sees the entry booked with its offer';
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
    await db.setMustChangePassword('newcomer', false);
    // The student holds a time in three days (cancelling it is before the deadline).
    const slot = await fx.makeSlot({ fromMinutes: 3 * 1440 });
    const held = await fx.makeAppointment({ visitorId: fx.people.student, slot });
    const shownTime = `${schoolDate(slot.start)}`;

    // The newcomer, on a phone, registers and joins the waiting list for individual counselling.
    await page.setViewportSize({ width: 375, height: 812 });
    await fx.signIn(page, baseUrl, 'newcomer', 'en-US');
    await visit(page, `${baseUrl}/appointment/mine/index`);
    const registration = page.getByTestId('registration-card');
    await registration.getByText(en.appointments.register.one['1'], { exact: true }).click();
    await registration.getByText(en.appointments.register.team['2'], { exact: true }).click();
    await registration.getByTestId('registration-submit').click();
    await page.getByTestId('booking-type').waitFor();
    await page.getByRole('button', { name: en.appointments.waitlist.noneSuits }).click();
    await expectText(page, en.appointments.waitlist.joined);
    const waiting = page.getByTestId('waitlist-card');
    await expectText(page, en.appointments.waitlist.waiting, { within: waiting });
    await expectText(page, interpolate(en.appointments.waitlist.position, { position: 1 }), {
      within: waiting,
    });
    await screenshot(page, artifacts, 'appointment-waitlist-joined-375');

    // The student cancels: the time is freed and offered to the first on the waiting list.
    const student = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const studentPage = await student.newPage();
    await fx.signIn(studentPage, baseUrl, 'student', 'en-US');
    await visit(studentPage, `${baseUrl}/appointment/mine/index`);
    await studentPage.getByRole('button', { name: en.appointments.tabs.mine, exact: true }).click();
    const card = studentPage.getByTestId(`appointment-${held}`);
    await card.getByRole('button', { name: en.appointments.mine.cancel, exact: true }).click();
    await studentPage
      .getByRole('dialog')
      .getByRole('button', { name: en.appointments.mine.cancelConfirm, exact: true })
      .click();
    await expectText(studentPage, en.appointments.mine.cancelDone, {
      within: studentPage.getByTestId('release-outcome'),
    });
    await student.close();

    // The waiting visitor sees the offer, with its time and the moment it ends, and claims it.
    await page.reload();
    const offer = page.getByTestId('waitlist-offer');
    await offer.waitFor();
    await closeMessagePopups(page);
    await expectText(page, `${shownTime}`, { exact: false, within: offer });
    await expectText(page, schoolTime(slot.start), { exact: false, within: offer });
    const claimBy = await offer
      .getByText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)
      .last()
      .innerText();
    assert.match(claimBy, /\d{4}-\d{2}-\d{2} \d{2}:\d{2}/, 'the offer says until when');
    await page.mouse.move(0, 0);
    await checkA11y(page, { name: 'appointment-waitlist-offer', artifacts, include: '#main-content' });
    await screenshot(page, artifacts, 'appointment-waitlist-offer-375');
    await offer.getByRole('button', { name: en.appointments.waitlist.claim, exact: true }).click();
    await expectText(page, en.appointments.waitlist.claimed);
    await page.getByRole('button', { name: en.appointments.tabs.mine, exact: true }).click();
    const claimed = page.getByTestId('my-appointments').locator('[data-testid^="appointment-"]').first();
    await expectText(page, schoolTime(slot.start), { exact: false, within: claimed });
    await expectText(page, 'Booked', { within: claimed });
    await screenshot(page, artifacts, 'appointment-waitlist-claimed-375');

    // The clerk's waiting list: the entry booked, with the offer claimed.
    const clerk = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const clerkPage = await clerk.newPage();
    await fx.signIn(clerkPage, baseUrl, 'clerk', 'en-US');
    await visit(clerkPage, `${baseUrl}/appointment/waitlist/index`);
    await expectText(clerkPage, en.scheduling.waitlist.title);
    await clerkPage.getByRole('combobox', { name: en.scheduling.waitlist.status }).click();
    await clerkPage
      .locator('.ant-select-item-option')
      .filter({ hasText: en.scheduling.waitlist.statuses.booked })
      .click();
    const row = clerkPage.getByTestId('waitlist-table').locator('tbody tr').filter({ hasText: '沈新生' });
    await expectText(clerkPage, en.scheduling.waitlist.offerStatus.claimed, { exact: false, within: row });
    await screenshot(clerkPage, artifacts, 'appointment-waitlist-clerk');
    await clerk.close();
  } finally {
    await fx.restore();
  }
}
