import assert from 'node:assert/strict';
import {
  appointmentFixture,
  clickOpening,
  closeMessagePopups,
  confirmAndWait,
  schoolDate,
  schoolTime,
} from '../lib/appointments.mjs';
import { checkA11y } from '../lib/axe.mjs';
import { readCatalogue } from '../lib/catalogues.mjs';
import { expectText, screenshot, visit } from '../lib/journey.mjs';

export const name =
  '[spec:S1.4.5] [spec:S1.9.3] appointment approvals in each audit mode: a student asks for leave three times while the school requires approval by the clerk then the administrator, in mode 1 (in order), 2 (all must agree) and 3 (any one decides); the clerk and the administrator decide from their approval lists and find their decisions in their history, and the student sees which leaves took effect and withdraws a new request';
export const needsDb = true;

const en = readCatalogue('en-US');
const MODE_NAMES = {
  1: en.scheduling.approvals.modes['1'],
  2: en.scheduling.approvals.modes['2'],
  3: en.scheduling.approvals.modes['3'],
};

/** @typedef {1 | 2 | 3} AuditMode */
/** @type {AuditMode[]} */
const MODES = [1, 2, 3];
/** @type {Record<AuditMode, string>} the session times of the three requests, as the approval list shows them */
const sessionShown = { 1: '', 2: '', 3: '' };
/**
 * The row of the request made in an audit mode.
 * @param {import('playwright-core').Page} page
 * @param {AuditMode} mode
 */
const rowOf = (page, mode) =>
  page.getByTestId('approval-table').locator('tbody tr').filter({ hasText: sessionShown[mode] });

/**
 * Approves or rejects the request of an audit mode from the approver's "to decide" list.
 * @param {import('playwright-core').Page} page
 * @param {1 | 2 | 3} mode
 * @param {2 | 3} decision
 * @param {string} toast what the approver is told
 */
async function decide(page, mode, decision, toast) {
  const row = rowOf(page, mode);
  await expectText(page, MODE_NAMES[mode], { within: row });
  const label = decision === 2 ? en.scheduling.approvals.approve : en.scheduling.approvals.reject;
  await row.getByRole('button', { name: `${label} 林同学` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox').fill(`mode ${mode}`);
  await dialog.getByRole('button', { name: label, exact: true }).click();
  await expectText(page, toast);
  await dialog.waitFor({ state: 'hidden' });
}

/** @param {import('../lib/journey.mjs').JourneyContext} journey */
export async function run({ page, baseUrl, artifacts, db }) {
  const fx = await appointmentFixture(db);
  const browser = page.context().browser();
  assert.ok(browser, 'the journey runs in a launched browser');
  try {
    await fx.clearVisitor(fx.people.student);
    /** @type {Record<AuditMode, number>} */
    const sessions = { 1: 0, 2: 0, 3: 0 };
    for (const mode of MODES) {
      const slot = await fx.makeSlot({ fromMinutes: (4 + mode) * 1440 });
      sessionShown[mode] = `${schoolDate(slot.start)} ${schoolTime(slot.start)}`;
      sessions[mode] = await fx.makeAppointment({ visitorId: fx.people.student, slot });
    }
    const requireLeaveApproval = (/** @type {AuditMode} */ mode) =>
      fx.setPolicy({
        approvals: {
          2: {
            required: true,
            mode,
            approverIds: [fx.people.clerk, fx.people.admin],
            counsellorFirst: false,
          },
        },
      });

    // The student asks for leave from each session, the school's audit mode changing in between.
    await page.setViewportSize({ width: 375, height: 812 });
    await fx.signIn(page, baseUrl, 'student', 'en-US');
    await visit(page, `${baseUrl}/appointment/mine/index`);
    await page.getByRole('button', { name: en.appointments.tabs.mine, exact: true }).click();
    for (const mode of MODES) {
      await requireLeaveApproval(mode);
      const card = page.getByTestId(`appointment-${sessions[mode]}`);
      await card.getByRole('button', { name: en.appointments.mine.leave, exact: true }).click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: en.appointments.mine.leave, exact: true })
        .click();
      await expectText(page, en.appointments.mine.waitingApproval, {
        within: page.getByTestId('release-outcome'),
      });
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
    }

    // The clerk, first approver: approves in modes 1 and 2 (each waits for the administrator), rejects in 3.
    const clerk = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const clerkPage = await clerk.newPage();
    await fx.signIn(clerkPage, baseUrl, 'clerk', 'en-US');
    await visit(clerkPage, `${baseUrl}/appointment/approval/index`);
    await expectText(clerkPage, en.scheduling.approvals.title);
    for (const mode of MODES) await rowOf(clerkPage, mode).waitFor();
    await clerkPage.mouse.move(0, 0);
    await checkA11y(clerkPage, { name: 'appointment-approvals', artifacts, include: '#main-content' });
    await screenshot(clerkPage, artifacts, 'appointment-approvals-clerk');
    await decide(clerkPage, 1, 2, en.scheduling.approvals.stepRecorded);
    await decide(clerkPage, 2, 2, en.scheduling.approvals.stepRecorded);
    await decide(clerkPage, 3, 3, en.scheduling.approvals.audit['3']);
    await clerk.close();

    // The administrator, second approver: mode 1 approved (in order, now their turn), mode 2 rejected; mode 3
    // was decided by the clerk alone and is no longer theirs to decide.
    const admin = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const adminPage = await admin.newPage();
    await fx.signIn(adminPage, baseUrl, 'admin', 'en-US');
    await visit(adminPage, `${baseUrl}/appointment/approval/index`);
    await rowOf(adminPage, 1).waitFor();
    assert.equal(await rowOf(adminPage, 3).count(), 0, 'mode 3 is decided already');
    await decide(adminPage, 1, 2, en.scheduling.approvals.audit['2']);
    await decide(adminPage, 2, 3, en.scheduling.approvals.audit['3']);
    // Decided requests leave the approver's list.
    for (const mode of /** @type {AuditMode[]} */ ([1, 2]))
      await rowOf(adminPage, mode).waitFor({ state: 'detached' });
    await screenshot(adminPage, artifacts, 'appointment-approvals-decided');
    // The administrator's history: both decisions, each with its comment, newest first.
    await adminPage.getByText(en.scheduling.approvals.views.decided, { exact: true }).click();
    const history = adminPage.getByTestId('decided-table');
    for (const mode of /** @type {AuditMode[]} */ ([1, 2])) {
      const decided = history.locator('tbody tr').filter({ hasText: sessionShown[mode] });
      await expectText(adminPage, `mode ${mode}`, { within: decided });
    }
    await adminPage.mouse.move(0, 0);
    await checkA11y(adminPage, {
      name: 'appointment-approvals-history',
      artifacts,
      include: '#main-content',
    });
    await screenshot(adminPage, artifacts, 'appointment-approvals-history');
    await admin.close();

    // The student: only the leave approved in mode 1 took effect.
    await page.reload();
    await closeMessagePopups(page);
    await page.getByRole('button', { name: en.appointments.tabs.mine, exact: true }).click();
    await expectText(page, 'Visitor leave', { within: page.getByTestId(`appointment-${sessions[1]}`) });
    await expectText(page, 'Booked', { within: page.getByTestId(`appointment-${sessions[2]}`) });
    await expectText(page, 'Booked', { within: page.getByTestId(`appointment-${sessions[3]}`) });
    await screenshot(page, artifacts, 'appointment-approvals-student-375');

    // The student asks again from the session the clerk's rejection kept, then takes the request back.
    const third = page.getByTestId(`appointment-${sessions[3]}`);
    await third.getByRole('button', { name: en.appointments.mine.leave, exact: true }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: en.appointments.mine.leave, exact: true })
      .click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    const withdraw = third.getByTestId(`withdraw-${sessions[3]}`);
    const confirmWithdraw = page
      .getByRole('dialog')
      .getByRole('button', { name: en.appointments.mine.withdraw, exact: true });
    await clickOpening(withdraw, confirmWithdraw);
    await confirmAndWait(page, confirmWithdraw, '/consult/approve/quashMyApproveStatus');
    await expectText(page, en.appointments.mine.withdrawn);
    await third.getByRole('button', { name: en.appointments.mine.leave, exact: true }).waitFor();
    const { rows: withdrawn } = await fx.q(
      `select status from approval_request where tenant_id = $1 and appointment_id = $2 order by id desc limit 1`,
      [sessions[3]],
    );
    assert.equal(withdrawn[0]?.status, 0, 'the request is withdrawn');
  } finally {
    await fx.restore();
  }
}
