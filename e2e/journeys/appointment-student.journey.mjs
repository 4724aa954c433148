import assert from 'node:assert/strict';
import { appointmentFixture, closeMessagePopups, deadlineOf, schoolDate } from '../lib/appointments.mjs';
import { checkA11y } from '../lib/axe.mjs';
import { interpolate, readCatalogue } from '../lib/catalogues.mjs';
import { expectText, screenshot, visit } from '../lib/journey.mjs';

export const name =
  '[spec:S1.4.15] [spec:S1.1.10] [spec:S1.3.4] [spec:S1.9.6] appointments on a phone (375 px): the student registers with the willingness form, sees the rules, books a time with the leave deadline shown, takes leave before the deadline (not a no-show); a leave after the deadline is recorded as a no-show and says so; with two no-shows the third booking is refused with the date booking resumes';
export const needsDb = true;

const en = readCatalogue('en-US');
const zh = readCatalogue('zh-CN');
/** The bell's name while messages are unread, whatever their number. */
const bellWithUnread = new RegExp(
  `^${en.messages.bellUnread.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace('{{count}}', '\\d+')}$`,
);

/** @param {import('../lib/journey.mjs').JourneyContext} journey */
export async function run({ page, baseUrl, artifacts, db }) {
  const fx = await appointmentFixture(db);
  try {
    await fx.clearVisitor(fx.people.student);
    await fx.q(`delete from visitor_registration where tenant_id = $1 and visitor_id = $2`, [
      fx.people.student,
    ]);
    // The site's notice, read once before booking there, is appointment-more's: read already here.
    await fx.setSiteNoticesRead(fx.people.student);
    // A time later today (or just after midnight): its leave deadline, 17:00 the day before, has passed.
    const late = await fx.makeSlot({ fromMinutes: 100 });

    await page.setViewportSize({ width: 375, height: 812 });
    await fx.signIn(page, baseUrl, 'student', 'en-US');
    await visit(page, `${baseUrl}/appointment/mine/index`);
    await expectText(page, en.appointments.rules.title);
    await closeMessagePopups(page);
    await expectText(page, interpolate(en.appointments.rules.arriveEarly, { minutes: 15 }));
    await expectText(page, interpolate(en.appointments.rules.leaves, { used: 0, limit: 2 }));

    // The willingness form comes first (S1.3.4): both answers are required.
    const registration = page.getByTestId('registration-card');
    await registration.getByTestId('registration-submit').click();
    await expectText(
      page,
      interpolate(en.appointments.register.required, { label: en.appointments.register.oneWishes }),
    );
    await registration.getByText(en.appointments.register.one['1'], { exact: true }).click();
    await registration.getByText(en.appointments.register.team['2'], { exact: true }).click();
    await registration.getByTestId('registration-submit').click();
    await expectText(page, en.appointments.register.done);
    await page.getByTestId('booking-type').waitFor();
    await screenshot(page, artifacts, 'appointment-student-book-375');
    await page.mouse.move(0, 0);
    await checkA11y(page, { name: 'appointment-student-book', artifacts, include: '#main-content' });

    // A time at least three days ahead: a leave is still before the deadline.
    const days = page.getByRole('group', { name: en.appointments.book.day });
    const dayTexts = await days.getByRole('button').allInnerTexts();
    const soon = schoolDate(new Date(Date.now() + 3 * 86_400_000));
    const day = dayTexts.map((text) => /\d{4}-\d{2}-\d{2}/.exec(text)?.[0]).find((d) => d && d >= soon);
    assert.ok(day, `a bookable day from ${soon} on (${dayTexts.join(' | ')})`);
    await days.getByRole('button', { name: new RegExp(day) }).click();
    await page.getByTestId('booking-slots').getByRole('button').first().click();
    const confirm = page.getByRole('dialog');
    await expectText(page, interpolate(en.appointments.rules.deadlineFor, { deadline: deadlineOf(day) }), {
      within: confirm,
    });
    const [booked] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/consult/appointment/book')),
      confirm.getByRole('button', { name: en.appointments.book.confirm, exact: true }).click(),
    ]);
    const bookedAnswer = await booked.json();
    assert.equal(bookedAnswer.code, 0, `booked: ${JSON.stringify(bookedAnswer)}`);
    await expectText(page, en.appointments.book.booked);

    // "My appointments": the deadline is shown before acting; a leave before it is not a no-show.
    const first = page.getByTestId(`appointment-${bookedAnswer.data.id}`);
    await expectText(page, interpolate(en.appointments.rules.deadlineFor, { deadline: deadlineOf(day) }), {
      within: first,
    });
    await first.getByRole('button', { name: en.appointments.mine.leave, exact: true }).click();
    await expectText(page, interpolate(en.appointments.mine.beforeDeadline, { deadline: deadlineOf(day) }));
    await page
      .getByRole('dialog')
      .getByRole('button', { name: en.appointments.mine.leave, exact: true })
      .click();
    await expectText(page, en.appointments.mine.leaveDone, { within: page.getByTestId('release-outcome') });
    await expectText(page, 'Visitor leave', { within: first });
    await screenshot(page, artifacts, 'appointment-student-leave-375');

    // A leave after the deadline is recorded, and counts as a no-show (S1.4.15).
    await closeMessagePopups(page);
    await page
      .getByRole('group', { name: en.appointments.title })
      .getByRole('button', { name: en.appointments.tabs.book })
      .click();
    await days.getByRole('button', { name: new RegExp(late.date) }).click();
    await page.getByTestId(`slot-${late.id}`).click();
    await expectText(
      page,
      interpolate(en.appointments.rules.deadlineFor, { deadline: deadlineOf(late.date) }),
      {
        within: page.getByRole('dialog'),
      },
    );
    const [lateBooked] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/consult/appointment/book')),
      page
        .getByRole('dialog')
        .getByRole('button', { name: en.appointments.book.confirm, exact: true })
        .click(),
    ]);
    const lateCard = page.getByTestId(`appointment-${(await lateBooked.json()).data.id}`);
    await expectText(page, en.appointments.book.booked);
    await expectText(
      page,
      interpolate(en.appointments.mine.deadlinePassed, { deadline: deadlineOf(late.date) }),
      {
        within: lateCard,
      },
    );
    await lateCard.getByRole('button', { name: en.appointments.mine.leave, exact: true }).click();
    await expectText(
      page,
      interpolate(en.appointments.mine.lateWarning, { deadline: deadlineOf(late.date) }),
    );
    await page
      .getByRole('dialog')
      .getByRole('button', { name: en.appointments.mine.leave, exact: true })
      .click();
    await expectText(page, en.appointments.mine.recordedAsNoShow, {
      within: page.getByTestId('release-outcome'),
    });
    await expectText(page, en.appointments.mine.countedNoShow, { within: lateCard });
    await screenshot(page, artifacts, 'appointment-student-late-leave-375');

    // A second no-show this term (the front desk recorded one earlier today): booking is paused, and the
    // student sees until when before trying and when trying.
    await fx.makeAppointment({
      visitorId: fx.people.student,
      status: 'userBreakAppointment',
      interviewStatus: 4,
      start: new Date(Date.now() - 3 * 3_600_000),
      end: new Date(Date.now() - 2.5 * 3_600_000),
    });
    await page.reload();
    const blocked = page.getByTestId('rules-blocked');
    await blocked.waitFor();
    // The unread messages (the late leave's no-show among them) are counted on the header's bell: on a
    // phone the message cards are not drawn, so nothing covers the booking controls.
    await page
      .getByTestId('message-bell')
      .and(page.getByRole('button', { name: bellWithUnread }))
      .waitFor();
    assert.equal(
      await page.getByTestId('message-cards').isVisible(),
      false,
      'no message cards are drawn on a phone',
    );
    const blockedText = await blocked.innerText();
    const liftsOn = /\d{4}-\d{2}-\d{2}/.exec(blockedText)?.[0];
    assert.ok(
      liftsOn && liftsOn > schoolDate(new Date()),
      `the block names the day it lifts: ${blockedText}`,
    );
    await expectText(page, interpolate(en.appointments.rules.blocked, { noShows: 2, liftsOn }));
    await days.getByRole('button').first().click();
    await page.getByTestId('booking-slots').getByRole('button').first().click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: en.appointments.book.confirm, exact: true })
      .click();
    await expectText(page, `You have missed 2 appointments this term; booking is paused until ${liftsOn}`, {
      within: page.getByTestId('booking-refusal'),
    });
    await screenshot(page, artifacts, 'appointment-student-blocked-375');

    // The same in Chinese.
    await page.evaluate(() => localStorage.setItem('psy-lang', 'zh-CN'));
    await page.reload();
    await expectText(page, interpolate(zh.appointments.rules.blocked, { noShows: 2, liftsOn }));
    await screenshot(page, artifacts, 'appointment-student-blocked-375-zh-CN');
  } finally {
    await fx.restore();
  }
}
