import assert from 'node:assert/strict';
import { checkA11y } from '../lib/axe.mjs';
import { removeAgreement } from '../lib/agreement.mjs';
import { readCatalogue } from '../lib/catalogues.mjs';
import { agreedBy, answered, closeDropdowns, openAs, option, pickStudent } from '../lib/crisis.mjs';
import { expectText, expectToast, screenshot, visit, watchToasts } from '../lib/journey.mjs';

export const name =
  '[spec:S1.2.21] [spec:S1.4.6] [spec:S1.6.12] [spec:S1.6.14] [spec:S1.6.17] crisis pages: the centre head sets a class member’s coverage, adds a dormitory with its leader, changes a setting (a bad hotline number refused on its field, a save from a second browser’s older read refused and that browser reads the section again), makes releasing a key person need approval, flags a student by hand and reads the history, adds a key person and writes in a journal opened from the key case; the faculty consultant asks to release the key person, the centre head approves from “waiting for me” and the consultant sees it decided; the advisor reports a talk; the dormitory leader files a report the advisor reads; the answer statistics';
export const needsDb = true;

const en = readCatalogue('en-US');
const c = en.crisis;

/** @typedef {import('playwright-core').Page} Page @typedef {import('playwright-core').Locator} Locator */

/**
 * Tables whose rows a run adds (deleted again by id, children first) and small tables the run changes
 * (saved before and written back whole).
 */
const ADDED = [
  'focus_journal_feedback',
  'focus_journal_entry',
  'focus_journal',
  'crisis_approval_decision',
  'crisis_approval',
  'focus_talk',
  'focus_dorm_report',
  'crisis_warning_history',
  'crisis_followup',
  'crisis_intervention',
  'focus_person',
  'crisis_event',
  'crisis_dormitory',
];
const RESTORED = ['crisis_setting', 'crisis_coverage', 'crisis_warning'];

/** @param {import('../lib/journey.mjs').JourneyContext} journey */
export async function run({ page, baseUrl, artifacts, db }) {
  const tenantId = (await db.findUser('centerhead')).tenantId;
  const student = await db.findUser('student');
  /** @type {Record<string, number>} */
  const before = {};
  for (const table of ADDED) {
    const { rows } = await db.query(`select coalesce(max(id), 0)::bigint as id from ${table}`);
    before[table] = Number(rows[0]?.id ?? 0);
  }
  /** @type {Record<string, unknown[]>} */
  const saved = {};
  for (const table of RESTORED) {
    const { rows } = await db.query(
      `select coalesce(json_agg(t), '[]'::json) as rows from ${table} t where tenant_id = $1`,
      [tenantId],
    );
    saved[table] = rows[0]?.rows ?? [];
  }
  /** @type {Page[]} */
  const pages = [];
  let step = 'sign in';
  try {
    await journey();
  } catch (error) {
    if (error instanceof Error) error.message = `step ${step}: ${error.message}`;
    for (const [index, other] of pages.entries())
      await screenshot(other, artifacts, `crisis-pages-failure-${index}`).catch(() => undefined);
    throw error;
  } finally {
    // The second browser of the settings steps may have been closed already: closing it again is a no-op.
    for (const other of pages)
      await other
        .context()
        .close()
        .catch(() => undefined);
    if (agreedBy.delete('student')) await removeAgreement(db, student);
    for (const table of ADDED)
      await db.query(`delete from ${table} where tenant_id = $1 and id > $2`, [tenantId, before[table]]);
    for (const table of RESTORED) {
      await db.query(`delete from ${table} where tenant_id = $1`, [tenantId]);
      await db.query(`insert into ${table} select * from json_populate_recordset(null::${table}, $1::json)`, [
        JSON.stringify(saved[table]),
      ]);
    }
  }

  async function journey() {
    const head = await openAs(page, baseUrl, 'centerhead', { lang: 'en-US', to: '/crisis/network/index' });
    pages.push(head);
    await watchToasts(head);

    step = '1 network: the class member’s coverage set to two classes';
    const classRep = head.locator('tr', { hasText: '杨心理委员' });
    await expectText(head, c.network.ownDept, { within: classRep });
    await head.getByRole('button', { name: `${c.network.editCoverage} 杨心理委员` }).click();
    const coverage = head
      .getByRole('dialog')
      .filter({ hasText: c.network.coverageTitle.replace('{{name}}', '杨心理委员') });
    const depts = coverage.getByLabel(c.network.coverage);
    // The demo's classes (2024级, 2023级) as an English reader sees them (contracts SEEDED_NAMES_EN).
    for (const dept of ['Class of 2024', 'Class of 2023']) {
      await depts.click();
      await depts.fill(dept.slice(-4));
      await head.locator('.ant-select-tree-title:visible', { hasText: dept }).first().click();
    }
    await closeDropdowns(head);
    const covered = await answered(head, 'POST', '/biz/crisis/network/coverage', () =>
      coverage.getByRole('button', { name: en.common.confirm }).click(),
    );
    assert.equal(covered.body.code, 0, JSON.stringify(covered.body));
    await expectText(head, 'Class of 2023', { within: classRep });
    await expectText(head, 'Class of 2024', { within: classRep });
    await head.mouse.move(0, 0);
    await checkA11y(head, { name: 'crisis-network', artifacts, include: '#main-content' });

    step = '2 network: a dormitory with its leader';
    await head.getByRole('tab', { name: c.network.dormitories }).click();
    await head.getByRole('button', { name: c.network.addDorm }).click();
    const dormDialog = head.getByRole('dialog').filter({ hasText: c.network.addDorm });
    await dormDialog.getByLabel(c.dorm.dormitory).fill('竹园5号楼 101');
    await pickStudent(head, dormDialog.getByLabel(c.dorm.leader), '陈思远');
    await pickStudent(head, dormDialog.getByLabel(c.dorm.members), '陈思远');
    await pickStudent(head, dormDialog.getByLabel(c.dorm.members), '周明杰');
    const dormSaved = await answered(head, 'POST', '/biz/crisis/dormitory/save', () =>
      dormDialog.getByRole('button', { name: en.common.confirm }).click(),
    );
    assert.equal(dormSaved.body.code, 0, JSON.stringify(dormSaved.body));
    const dormRow = head.locator('tr', { hasText: '竹园5号楼 101' });
    await expectText(head, '陈思远', { within: dormRow.locator('td').nth(1) });
    await expectText(head, '周明杰', { exact: false, within: dormRow });

    step = '3 settings: a shorter time for the class level, saved';
    const classLabel = c.settings.ackMinutes.replace('{{level}}', c.enums.level['1']);
    // The same head at a second browser has read the same section before the change below.
    const other = await openAs(page, baseUrl, 'centerhead', { lang: 'en-US', to: '/crisis/setting/index' });
    pages.push(other);
    await watchToasts(other);
    const otherReporting = other.locator('form#crisis-setting-reporting');
    const otherDueDay = otherReporting.getByLabel(c.settings.reportDueDay);
    await other.waitForFunction(
      (input) => input instanceof HTMLInputElement && input.value !== '' && !input.disabled,
      await otherDueDay.elementHandle(),
    );
    const otherClassMinutes = await otherReporting.getByLabel(classLabel).inputValue();
    assert.notEqual(otherClassMinutes, '25', 'the second browser read the section before the change');
    await visit(head, `${baseUrl}/crisis/setting/index`);
    const reporting = head.locator('form#crisis-setting-reporting');
    const classMinutes = reporting.getByLabel(classLabel);
    await classMinutes.fill('25');
    const ackSaved = await answered(head, 'POST', '/biz/crisis/setting/reporting', () =>
      reporting.getByRole('button', { name: c.settings.save }).click(),
    );
    assert.equal(ackSaved.body.code, 0, JSON.stringify(ackSaved.body));
    await expectToast(head, en.adminKit.saved);
    await expectText(head, c.settings.updated, { exact: false, within: reporting });
    await head.mouse.move(0, 0);
    await checkA11y(head, { name: 'crisis-settings', artifacts, include: '#main-content' });

    step = '3b settings: a save from the second browser’s older read is refused, said, and read again';
    const { rows: reportingSaved } = await db.query(
      `select value from crisis_setting where tenant_id = $1 and section = 'reporting'`,
      [tenantId],
    );
    const dueDay = String(reportingSaved[0]?.value.reportDueDay);
    // Saving the section whole from that read would put the class level's old time back.
    await otherDueDay.fill(dueDay === '9' ? '8' : '9');
    const stale = await answered(other, 'POST', '/biz/crisis/setting/reporting', () =>
      otherReporting.getByRole('button', { name: c.settings.save }).click(),
    );
    assert.equal(stale.status, 409, `a save from an old read is refused: ${JSON.stringify(stale.body)}`);
    await expectToast(other, c.settings.changedElsewhere);
    // The section as it now stands: the head's time, and not the refused day.
    // Read through the locator each time: refilling the form may render the list's inputs anew, and a
    // handle taken before that would watch an input no longer on the page.
    const classTime = otherReporting.getByLabel(classLabel);
    for (const until = Date.now() + 15_000; (await classTime.inputValue()) !== '25';) {
      assert.ok(Date.now() < until, `the section was not read again: ${await classTime.inputValue()}`);
      await other.waitForTimeout(100);
    }
    assert.equal(await otherDueDay.inputValue(), dueDay, 'the refused change is not shown');
    await other.context().close();
    const { rows: reportingAfter } = await db.query(
      `select value from crisis_setting where tenant_id = $1 and section = 'reporting'`,
      [tenantId],
    );
    assert.deepEqual(reportingAfter[0]?.value, reportingSaved[0]?.value, 'the stale save changed nothing');

    step = '4 settings: a hotline number that is not one is refused on its field and nothing changes';
    await reporting.getByRole('button', { name: c.settings.addHotline }).click();
    await reporting.getByLabel(c.settings.hotlineName).last().fill('宿管值班');
    await reporting.getByLabel(c.settings.hotlinePhone).last().fill('ask the porter');
    const refused = await answered(head, 'POST', '/biz/crisis/setting/reporting', () =>
      reporting.getByRole('button', { name: c.settings.save }).click(),
    );
    assert.equal(refused.status, 400, JSON.stringify(refused.body));
    assert.equal(refused.body.data?.fields?.[0]?.field, 'hotlines.2.phone', JSON.stringify(refused.body));
    // The server's message under the number it refused, which is marked invalid.
    await expectText(head, refused.body.data.fields[0].message, { within: reporting });
    const badPhone = reporting.getByLabel(c.settings.hotlinePhone).last();
    await head.waitForFunction(
      (input) => input?.getAttribute('aria-invalid') === 'true',
      await badPhone.elementHandle(),
    );
    const { rows: reportingNow } = await db.query(
      `select value from crisis_setting where tenant_id = $1 and section = 'reporting'`,
      [tenantId],
    );
    assert.equal(reportingNow[0]?.value.ackMinutes['1'], 25);
    assert.equal(reportingNow[0]?.value.hotlines.length, 2, 'the refused number was not saved');

    step = '5 settings: releasing a key person needs approval';
    await head.getByRole('tab', { name: c.settings.sections.approval }).click();
    const approval = head.locator('form#crisis-setting-approval');
    await approval.getByLabel(c.enums.approvalKind.focusRelease).check();
    const approvalSaved = await answered(head, 'POST', '/biz/crisis/setting/approval', () =>
      approval.getByRole('button', { name: c.settings.save }).click(),
    );
    assert.equal(approvalSaved.body.code, 0, JSON.stringify(approvalSaved.body));
    assert.equal(approvalSaved.body.data.value.steps.focusRelease, true);

    step = '6 warnings: a flag set by hand, and the person’s page with its history';
    await visit(head, `${baseUrl}/crisisWarningDetails/index`);
    await head.getByRole('button', { name: `${c.records.open} 张晓雨` }).click();
    await head.waitForURL(/\/warningPersonnel\/detail\?studentId=\d+/);
    await head.getByRole('heading', { name: c.warning.detailTitle.replace('{{name}}', '张晓雨') }).waitFor();
    await head.getByRole('button', { name: c.warning.setFlag }).click();
    const flagDialog = head.getByRole('dialog').filter({ hasText: c.warning.setFlag });
    await flagDialog.getByLabel(c.fields.flag).click();
    await option(head, c.enums.flag['5']).click();
    await flagDialog.getByLabel(c.fields.reason).fill('Roommates found a farewell note.');
    const flagged = await answered(head, 'POST', '/biz/crisis/warning/flag', () =>
      flagDialog.getByRole('button', { name: en.common.confirm }).click(),
    );
    assert.equal(flagged.body.code, 0, JSON.stringify(flagged.body));
    const historyRow = head.locator('tr', { hasText: 'Roommates found a farewell note.' });
    await expectText(head, '冯中心负责人', { within: historyRow });
    await expectText(head, c.enums.flag['5'], { within: historyRow });
    await head.mouse.move(0, 0);
    await checkA11y(head, { name: 'crisis-warning-person', artifacts, include: '#main-content' });

    step = '7 key persons: the centre head adds one';
    await visit(head, `${baseUrl}/focusperson/index`);
    await head.getByRole('button', { name: c.focus.add }).click();
    const addDialog = head.getByRole('dialog').filter({ hasText: c.focus.add });
    await pickStudent(head, addDialog.getByLabel(c.fields.student), '张晓雨');
    await addDialog.getByLabel(c.focus.categories).click();
    await option(head, 'Academic difficulty').click();
    await closeDropdowns(head);
    await addDialog.getByLabel(c.focus.level).click();
    await option(head, c.enums.collegeLevel['2']).click();
    const added = await answered(head, 'POST', '/biz/focus/person/save', () =>
      addDialog.getByRole('button', { name: en.common.confirm }).click(),
    );
    assert.equal(added.body.code, 0, JSON.stringify(added.body));
    const focusId = added.body.data.id;
    await head.getByTestId(`crisis-focus-open-${focusId}`).click();
    await head.getByRole('heading', { name: c.focus.caseTitle.replace('{{name}}', '张晓雨') }).waitFor();
    await expectText(head, c.enums.collegeLevel['2']);
    await expectText(head, 'Academic difficulty');
    await head.mouse.move(0, 0);
    await checkA11y(head, { name: 'crisis-key-case', artifacts, include: '#main-content' });

    step = '8 journal: opened from the key case, an entry written';
    await head.getByRole('button', { name: c.journal.open }).click();
    await head.waitForURL(/\/openFollowDetail\?id=\d+/);
    await head.getByRole('button', { name: c.journal.write }).click();
    await head.waitForURL(/\/writeJournal\?id=\d+/);
    const entry = head.locator('form#crisis-journal-entry');
    await entry.getByLabel(c.fields.content).fill('Met her after class: sleeping badly before the exams.');
    await head.mouse.move(0, 0);
    await checkA11y(head, { name: 'crisis-journal-write', artifacts, include: '#main-content' });
    const wrote = await answered(head, 'POST', '/biz/focus/journal/entry', () =>
      entry.getByRole('button', { name: c.journal.save }).click(),
    );
    assert.equal(wrote.body.code, 0, JSON.stringify(wrote.body));
    await head.waitForURL(/\/openFollowDetail\?id=\d+/);
    await expectText(head, 'Met her after class: sleeping badly before the exams.');
    await expectText(head, '冯中心负责人', { exact: false });
    await checkA11y(head, { name: 'crisis-journal', artifacts, include: '#main-content' });

    step = '9 the faculty consultant asks to release the key person: it waits for approval';
    const counsel = await openAs(page, baseUrl, 'facultycounsel', {
      lang: 'en-US',
      to: `/focusCase_info?id=${focusId}`,
    });
    pages.push(counsel);
    await watchToasts(counsel);
    await counsel.getByRole('button', { name: c.focus.release }).click();
    const release = counsel
      .getByRole('dialog')
      .filter({ hasText: c.focus.releaseTitle.replace('{{name}}', '张晓雨') });
    await release.getByLabel(c.fields.reason).fill('Stable for two months; exams passed.');
    const asked = await answered(counsel, 'POST', '/biz/focus/person/release', () =>
      release.getByRole('button', { name: en.common.confirm }).click(),
    );
    assert.equal(asked.body.code, 0, JSON.stringify(asked.body));
    await expectToast(counsel, c.record.sentForApproval);
    await expectText(counsel, c.enums.focusStatus['1']);

    step = '10 the centre head decides it from “waiting for me”';
    await visit(head, `${baseUrl}/examine_info`);
    const waiting = head
      .locator('tr', { hasText: c.enums.approvalKind.focusRelease })
      .filter({ hasText: '张晓雨' });
    await expectText(head, '秦院系咨询师', { within: waiting });
    await head.mouse.move(0, 0);
    await checkA11y(head, { name: 'crisis-examine', artifacts, include: '#main-content' });
    await waiting
      .getByRole('button', { name: `${c.records.open} ${c.enums.approvalKind.focusRelease} 张晓雨` })
      .click();
    await head.waitForURL(/\/approval_detail\?id=\d+/);
    await expectText(head, 'Stable for two months; exams passed.');
    await checkA11y(head, { name: 'crisis-approval-detail', artifacts, include: '#main-content' });
    await head.getByRole('button', { name: c.approval.approve }).click();
    const decide = head.getByRole('dialog').filter({ hasText: c.approval.comment });
    await decide.getByLabel(c.approval.comment).fill('Agreed: keep the journal open a month.');
    const decided = await answered(head, 'POST', '/biz/crisis/approval/decide', () =>
      decide.getByRole('button', { name: en.common.confirm }).click(),
    );
    assert.equal(decided.body.code, 0, JSON.stringify(decided.body));
    await expectText(head, '冯中心负责人: Approve (Agreed: keep the journal open a month.)', {
      exact: false,
    });

    step = '11 the consultant sees it decided in “mine”, and the key person released';
    await visit(counsel, `${baseUrl}/approval_info`);
    const mine = counsel
      .locator('tr', { hasText: c.enums.approvalKind.focusRelease })
      .filter({ hasText: '张晓雨' });
    await expectText(counsel, c.enums.approvalStatus['2'], { within: mine });
    await counsel.mouse.move(0, 0);
    await checkA11y(counsel, { name: 'crisis-approvals-mine', artifacts, include: '#main-content' });
    await visit(counsel, `${baseUrl}/focusCase_info?id=${focusId}`);
    await expectText(counsel, c.enums.focusStatus['2']);
    await expectText(counsel, 'Stable for two months; exams passed.');

    step = '12 the advisor reports a talk';
    const advisor = await openAs(page, baseUrl, 'advisor', {
      lang: 'en-US',
      to: '/heartTalkReportManageInfo',
    });
    pages.push(advisor);
    await advisor.getByRole('button', { name: c.talk.add }).click();
    await advisor.waitForURL(/\/heartTalkReportInfo$/);
    const talk = advisor.locator('form#crisis-talk');
    await pickStudent(advisor, talk.getByLabel(c.fields.student), '陈思远');
    await talk.getByLabel(c.fields.content).fill('Talked about the return to class; looks forward to it.');
    await advisor.mouse.move(0, 0);
    await checkA11y(advisor, { name: 'crisis-talk-new', artifacts, include: '#main-content' });
    const talked = await answered(advisor, 'POST', '/biz/focus/talk/save', () =>
      talk.getByRole('button', { name: c.talk.submit }).click(),
    );
    assert.equal(talked.body.code, 0, JSON.stringify(talked.body));
    assert.equal(talked.body.data.recordId, null, 'a normal finding raises no signal');
    await advisor.getByRole('heading', { name: c.talk.detailTitle.replace('{{name}}', '陈思远') }).waitFor();
    await expectText(advisor, 'Talked about the return to class; looks forward to it.');
    await expectText(advisor, c.enums.finding['1']);

    step = '13 the dormitory leader files a report from the workbench; the advisor reads it';
    const leader = await openAs(page, baseUrl, 'student', { lang: 'en-US', phone: true });
    pages.push(leader);
    await watchToasts(leader);
    const dormCard = leader.getByTestId('crisis-dorm-card');
    await dormCard.getByRole('button', { name: c.dorm.write }).click();
    const dormForm = leader.locator('form#dorm-report');
    await dormForm.getByRole('switch', { name: c.dorm.nothingAbnormal }).click();
    await dormForm.getByRole('button', { name: c.dorm.addItem }).click();
    await dormForm.getByLabel(c.fields.student).click();
    await option(leader, '张晓雨').click();
    await dormForm
      .getByRole('textbox', { name: c.fields.note })
      .fill('Studies late every night, in good spirits.');
    await leader.mouse.move(0, 0);
    await checkA11y(leader, { name: 'crisis-dorm-report-phone', artifacts, include: '.ant-modal' });
    const filed = await answered(leader, 'POST', '/biz/focus/dormReport/save', () =>
      dormForm.getByRole('button', { name: c.dorm.submit }).click(),
    );
    assert.equal(filed.body.code, 0, JSON.stringify(filed.body));
    await expectToast(leader, c.dorm.sent);
    await visit(advisor, `${baseUrl}/dormitoryLeaderReportInfo`);
    const filedRow = advisor.locator('tr', { hasText: 'Studies late every night, in good spirits.' });
    // The demo's dormitory (梅园3号楼 402) as an English reader sees it (contracts SEEDED_NAMES_EN).
    await expectText(advisor, 'Plum Garden Building 3, room 402', { within: filedRow });
    await expectText(advisor, '林同学', { within: filedRow });
    await advisor.mouse.move(0, 0);
    await checkA11y(advisor, { name: 'crisis-dorm-reports', artifacts, include: '#main-content' });

    step = '14 the answer statistics count what the journals hold';
    await visit(head, `${baseUrl}/focusperson/journal/index`);
    await head.getByRole('button', { name: c.journal.statistics }).click();
    await head.waitForURL(/\/feedbackStatistics$/);
    const { rows: answers } = await db.query(
      'select count(*)::int as n from focus_journal_feedback where tenant_id = $1',
      [tenantId],
    );
    await expectText(head, c.journal.helpRequests);
    await expectText(head, String(answers[0]?.n));
    await head.mouse.move(0, 0);
    await checkA11y(head, { name: 'crisis-feedback-statistics', artifacts, include: '#main-content' });
  }
}
