import assert from 'node:assert/strict';
import {
  appointmentFixture,
  clickOpening,
  closeMessagePopups,
  deadlineOf,
  schoolDayFromToday,
  schoolInstant,
  schoolTime,
  tableSettled,
} from '../lib/appointments.mjs';
import { checkA11y } from '../lib/axe.mjs';
import { interpolate, readCatalogue } from '../lib/catalogues.mjs';
import { expectText, screenshot, visit } from '../lib/journey.mjs';

export const name =
  "[spec:S1.7.13] [spec:S1.4.15] [spec:S1.7.24] [spec:S1.4.5] more of appointments: the administrator edits a site's booking profile (notice, departments served) and names a clerk who does not counsel as an approver; a student on a phone reads the site's new notice once before booking there, then changes the time of the booking before its leave deadline; the clerk changes the time of another visitor's booking after its deadline; a counsellor opens their video sessions, starts the call and ends it";
export const needsDb = true;

const en = readCatalogue('en-US');
/** A session's day and hours as every appointment list shows them (after the weekday). */
const shownTime = (/** @type {{ date: string, start: Date, end: Date }} */ slot) =>
  `${slot.date} ${schoolTime(slot.start)}-${schoolTime(slot.end)}`;

/**
 * The demo's site and the student's class as an English reader sees them (contracts SEEDED_NAMES_EN); a
 * name the school typed is shown as typed.
 * @param {string} name
 */
const seededEn = (name) =>
  /** @type {Record<string, string>} */ ({
    心理健康教育中心: 'Mental Health Education Centre',
    '2024级': 'Class of 2024',
  })[name] ?? name;

/** @param {import('../lib/journey.mjs').JourneyContext} journey */
export async function run({ page, baseUrl, artifacts, db }) {
  const fx = await appointmentFixture(db);
  const browser = page.context().browser();
  assert.ok(browser, 'the journey runs in a launched browser');
  try {
    await fx.clearVisitor(fx.people.student);
    await fx.clearVisitor(fx.people.newcomer);
    await fx.q(`delete from visitor_registration where tenant_id = $1 and visitor_id = $2`, [
      fx.people.student,
    ]);
    await fx.setSiteNoticesRead(fx.people.student, false);
    const { rows: sites } = await fx.q(`select name from site where tenant_id = $1 and id = $2`, [fx.siteId]);
    const siteName = seededEn(String(sites[0]?.name));
    const { rows: depts } = await fx.q(
      `select d.id, d.name from sys_user u join dept d on d.tenant_id = u.tenant_id and d.id = u.dept_id
        where u.tenant_id = $1 and u.id = $2`,
      [fx.people.student],
    );
    const dept = { id: Number(depts[0]?.id), name: seededEn(String(depts[0]?.name)) };
    const notice = `Bring your student card; the side door opens with code ${Date.now() % 100_000}.`;
    // Sessions days ahead at wall-clock times of the school (whatever the hour now): their leave deadlines,
    // 17:00 the day before, are ahead too, within the two-week booking window.
    const first = await fx.makeSlot({ start: schoolInstant(schoolDayFromToday(4), '07:00') });
    const second = await fx.makeSlot({ start: schoolInstant(schoolDayFromToday(5), '07:30') });

    // The administrator: the site's notice and the departments it serves, saved and shown again.
    await page.setViewportSize({ width: 1366, height: 900 });
    await fx.signIn(page, baseUrl, 'admin', 'en-US');
    await visit(page, `${baseUrl}/appointment/settings/index`);
    await expectText(page, en.scheduling.settings.title);
    const profiles = page.getByTestId('site-profiles');
    const chooseSite = async () => {
      await profiles.getByRole('combobox', { name: en.scheduling.settings.sites.choose }).click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: siteName })
        .first()
        .click();
      await profiles.getByLabel(en.scheduling.settings.sites.notice).waitFor();
    };
    await chooseSite();
    await profiles.getByLabel(en.scheduling.settings.sites.notice).fill(notice);
    const deptPicker = profiles.getByRole('combobox', { name: en.scheduling.settings.sites.depts });
    await deptPicker.click();
    await deptPicker.fill(dept.name);
    const deptNode = page
      .locator('.ant-select-dropdown:visible .ant-select-tree-treenode')
      .filter({ has: page.locator('.ant-select-tree-title').getByText(dept.name, { exact: true }) });
    await deptNode.locator('.ant-select-tree-checkbox').first().click();
    await page.keyboard.press('Escape');
    const [savedSite] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/consult/site/profile/save')),
      profiles.getByRole('button', { name: en.scheduling.settings.sites.save, exact: true }).click(),
    ]);
    assert.equal((await savedSite.json()).code, 0, 'the site profile is saved');
    await expectText(page, en.adminKit.saved);
    const { rows: profileRows } = await fx.q(
      `select p.notice, array(select dept_id::int from site_dept d where d.tenant_id = p.tenant_id and d.site_id = p.site_id) as depts
         from site_profile p where p.tenant_id = $1 and p.site_id = $2`,
      [fx.siteId],
    );
    assert.equal(profileRows[0]?.notice, notice);
    assert.deepEqual(profileRows[0]?.depts, [dept.id], 'the site serves the chosen department only');
    await page.reload();
    await expectText(page, en.scheduling.settings.title);
    await chooseSite();
    assert.equal(await profiles.getByLabel(en.scheduling.settings.sites.notice).inputValue(), notice);
    await expectText(page, dept.name, { within: profiles });

    // The approvers of an extension: offered are those who may approve, not only counsellors; the clerk
    // (who does not counsel) is named.
    const approvers = page.locator('#policy_approvals_3_approverIds');
    await approvers.click();
    const clerkOption = page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: '孙预约' });
    await clerkOption.waitFor();
    const offered = await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .allInnerTexts();
    assert.ok(
      offered.every((text) => !text.includes('王心怡')),
      `a counsellor without the approval permission is not offered: ${offered.join(' | ')}`,
    );
    await clerkOption.click();
    await page.keyboard.press('Escape');
    await page.mouse.move(0, 0);
    await checkA11y(page, { name: 'appointment-more-settings', artifacts, include: '#main-content' });
    const [savedRules] = await Promise.all([
      page.waitForResponse(
        (r) => r.url().includes('/consult/schedule/policy') && r.request().method() === 'POST',
      ),
      page.getByRole('button', { name: en.scheduling.settings.save, exact: true }).click(),
    ]);
    assert.equal((await savedRules.json()).code, 0, 'the rules are saved');
    const { rows: policy } = await fx.q(`select value from scheduling_policy where tenant_id = $1`);
    assert.deepEqual(policy[0]?.value.approvals['3'].approverIds, [fx.people.clerk]);
    await screenshot(page, artifacts, 'appointment-more-settings');

    // The student, on a phone: the new notice before the first booking there, once.
    const phone = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const studentPage = await phone.newPage();
    await fx.signIn(studentPage, baseUrl, 'student', 'en-US');
    await visit(studentPage, `${baseUrl}/appointment/mine/index`);
    await expectText(studentPage, en.appointments.rules.title);
    await closeMessagePopups(studentPage);
    const registration = studentPage.getByTestId('registration-card');
    await registration.getByText(en.appointments.register.one['1'], { exact: true }).click();
    await registration.getByText(en.appointments.register.team['2'], { exact: true }).click();
    await registration.getByTestId('registration-submit').click();
    await studentPage.getByTestId('booking-type').waitFor();
    const days = studentPage.getByRole('group', { name: en.appointments.book.day });
    await days.getByRole('button', { name: new RegExp(first.date) }).click();
    const slotButton = studentPage.getByTestId(`slot-${first.id}`);
    const noticeDialog = studentPage
      .getByRole('dialog')
      .filter({ has: studentPage.getByTestId('site-notice') });
    const confirmDialog = studentPage
      .getByRole('dialog')
      .filter({ has: studentPage.getByTestId('booking-confirm') });
    await clickOpening(slotButton, noticeDialog);
    await expectText(studentPage, notice, { within: noticeDialog });
    await expectText(studentPage, interpolate(en.appointments.notice.title, { site: siteName }), {
      within: noticeDialog,
    });
    await checkA11y(studentPage, { name: 'appointment-more-notice', artifacts, include: '.ant-modal' });
    await screenshot(studentPage, artifacts, 'appointment-more-notice-375');
    await Promise.all([
      studentPage.waitForResponse((r) => r.url().includes('/common/site/saveNoticeCache')),
      noticeDialog.getByRole('button', { name: en.appointments.notice.read, exact: true }).click(),
    ]);
    await confirmDialog.waitFor();
    await expectText(
      studentPage,
      interpolate(en.appointments.rules.deadlineFor, { deadline: deadlineOf(first.date) }),
      { within: confirmDialog },
    );
    // Not yet: the confirmation is closed; choosing the time again goes straight to it.
    await confirmDialog.getByRole('button', { name: en.common.cancel, exact: true }).click();
    await confirmDialog.waitFor({ state: 'hidden' });
    const { rows: reads } = await fx.q(
      `select r.notice_version = p.notice_version as current from site_notice_read r
         join site_profile p on p.tenant_id = r.tenant_id and p.site_id = r.site_id
        where r.tenant_id = $1 and r.site_id = $2 and r.user_id = $3`,
      [fx.siteId, fx.people.student],
    );
    assert.deepEqual(reads, [{ current: true }], "the notice's current version is recorded as read");
    await clickOpening(slotButton, confirmDialog);
    assert.equal(
      await studentPage.getByTestId('site-notice').filter({ visible: true }).count(),
      0,
      'the notice is not shown a second time',
    );
    const [booked] = await Promise.all([
      studentPage.waitForResponse((r) => r.url().includes('/consult/appointment/book')),
      confirmDialog.getByRole('button', { name: en.appointments.book.confirm, exact: true }).click(),
    ]);
    const bookedAnswer = await booked.json();
    assert.equal(bookedAnswer.code, 0, `booked: ${JSON.stringify(bookedAnswer)}`);
    const appointmentId = bookedAnswer.data.id;

    // Before the leave deadline the student moves the session to another free time, and sees it.
    const card = studentPage.getByTestId(`appointment-${appointmentId}`);
    await expectText(studentPage, shownTime(first), { exact: false, within: card });
    await closeMessagePopups(studentPage);
    const moveDialog = studentPage.getByTestId('reschedule-dialog');
    await clickOpening(card.getByTestId(`reschedule-${appointmentId}`), moveDialog);
    await moveDialog
      .getByRole('group', { name: en.appointments.book.day })
      .getByRole('button', { name: new RegExp(second.date) })
      .click();
    const [moved] = await Promise.all([
      studentPage.waitForResponse((r) => r.url().includes('/consult/appointment/reschedule')),
      moveDialog.getByTestId(`reschedule-slot-${second.id}`).click(),
    ]);
    assert.equal((await moved.json()).code, 0, 'the student moves the session');
    await moveDialog.waitFor({ state: 'hidden' });
    await expectText(studentPage, shownTime(second), { exact: false, within: card });
    await screenshot(studentPage, artifacts, 'appointment-more-moved-375');
    await phone.close();

    // The clerk moves a session whose leave deadline has passed (a visitor no longer may).
    const late = await fx.makeSlot({ fromMinutes: 100 });
    const lateId = await fx.makeAppointment({ visitorId: fx.people.newcomer, slot: late });
    assert.ok(
      schoolInstant(.../** @type {[string, string]} */ (deadlineOf(late.date).split(' '))).getTime() <
        Date.now(),
      'the session is past its leave deadline',
    );
    const later = await fx.makeSlot({ start: schoolInstant(schoolDayFromToday(6), '07:00') });
    const desk = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const clerkPage = await desk.newPage();
    await fx.signIn(clerkPage, baseUrl, 'clerk', 'en-US');
    await visit(clerkPage, `${baseUrl}/appointment/records/index`);
    await expectText(clerkPage, en.scheduling.records.title);
    await closeMessagePopups(clerkPage);
    const table = clerkPage.getByTestId('records-table');
    await tableSettled(table);
    await clerkPage.getByLabel(en.scheduling.records.search).fill('沈新生');
    await clerkPage.getByLabel(en.scheduling.records.search).press('Enter');
    const rowAt = (/** @type {{ date: string, start: Date, end: Date }} */ slot) =>
      table
        .locator('tbody tr')
        .filter({ hasText: '沈新生' })
        .filter({ hasText: shownTime(slot) });
    await rowAt(late).waitFor();
    await tableSettled(table);
    const clerkMove = clerkPage.getByTestId('reschedule-dialog');
    await clickOpening(
      rowAt(late).getByRole('button', { name: `${en.scheduling.records.reschedule} 沈新生` }),
      clerkMove,
    );
    await clerkMove
      .getByRole('group', { name: en.appointments.book.day })
      .getByRole('button', { name: new RegExp(later.date) })
      .click();
    const [clerkMoved] = await Promise.all([
      clerkPage.waitForResponse((r) => r.url().includes('/consult/appointment/reschedule')),
      clerkMove.getByTestId(`reschedule-slot-${later.id}`).click(),
    ]);
    assert.equal((await clerkMoved.json()).code, 0, 'the clerk moves the session after its deadline');
    await clerkMove.waitFor({ state: 'hidden' });
    await rowAt(later).waitFor();
    const { rows: movedRows } = await fx.q(
      `select slot_id from appointment where tenant_id = $1 and id = $2`,
      [lateId],
    );
    assert.equal(Number(movedRows[0]?.slot_id), later.id);
    await screenshot(clerkPage, artifacts, 'appointment-more-clerk-moved');
    await desk.close();

    // The counsellor (without the records page): their video sessions, the call started and ended.
    const live = await fx.makeSlot({ counsellorId: fx.people.counsellor, fromMinutes: 10, minutes: 50 });
    const videoId = await fx.makeAppointment({
      visitorId: fx.people.student,
      counsellorId: fx.people.counsellor,
      slot: live,
      mode: 2,
    });
    const office = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const counsellorPage = await office.newPage();
    await fx.signIn(counsellorPage, baseUrl, 'counsellor', 'en-US');
    await visit(counsellorPage, `${baseUrl}/appointment/mine/index`);
    await counsellorPage.getByTestId('counsellor-calendar').waitFor();
    await closeMessagePopups(counsellorPage);
    await counsellorPage.getByRole('button', { name: en.appointments.tabs.video, exact: true }).click();
    const session = counsellorPage.getByTestId(`video-session-${videoId}`);
    await session.waitFor();
    await expectText(counsellorPage, shownTime(live), { exact: false, within: session });
    await expectText(counsellorPage, '林同学', { exact: false, within: session });
    // The visitor's phone masked, as in every list of a counsellor without the personal-data permission.
    await expectText(counsellorPage, '139****0001', { exact: false, within: session });
    await expectText(counsellorPage, en.appointments.video.state.scheduled, { within: session });
    await counsellorPage.mouse.move(0, 0);
    await checkA11y(counsellorPage, { name: 'appointment-more-video', artifacts, include: '#main-content' });
    const callAction = async (/** @type {string} */ label) => {
      const [answer] = await Promise.all([
        counsellorPage.waitForResponse((r) => r.url().includes('/consult/appointment/action')),
        session.getByRole('button', { name: `${label} 林同学` }).click(),
      ]);
      assert.equal((await answer.json()).code, 0, `${label}: accepted`);
    };
    await callAction(en.appointments.video.start);
    await expectText(counsellorPage, en.appointments.video.state.inCall, { within: session });
    await expectText(counsellorPage, en.appointments.video.callSince.split('{{')[0].trim(), {
      exact: false,
      within: session,
    });
    await screenshot(counsellorPage, artifacts, 'appointment-more-video-call');
    await callAction(en.appointments.video.end);
    await session.waitFor({ state: 'detached' });
    await counsellorPage.getByRole('button', { name: en.appointments.video.past, exact: true }).click();
    await session.waitFor();
    await expectText(counsellorPage, en.appointments.video.state.held, { within: session });
    await expectText(counsellorPage, / min$/, { within: session });
    const { rows: calls } = await fx.q(
      `select ended_at is not null as ended from video_record where tenant_id = $1 and appointment_id = $2`,
      [videoId],
    );
    assert.deepEqual(calls, [{ ended: true }], 'the call is recorded, started and ended');
    await screenshot(counsellorPage, artifacts, 'appointment-more-video-past');
    await office.close();
  } finally {
    await fx.restore();
  }
}
