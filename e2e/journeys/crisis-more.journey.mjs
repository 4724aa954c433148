import assert from 'node:assert/strict';
import { checkA11y } from '../lib/axe.mjs';
import { readCatalogue } from '../lib/catalogues.mjs';
import { answered, closeDropdowns, openAs, option, pickStudent } from '../lib/crisis.mjs';
import { expectText, expectToast, screenshot, visit, watchToasts } from '../lib/journey.mjs';

export const name =
  '[spec:S1.2.17] [spec:S1.2.18] [spec:S1.2.19] [spec:S1.2.20] [spec:S1.2.22] [spec:S1.5.10] crisis, more pages: the centre head changes who a taken-on signal tells and sees it after a reload, while a save from a second browser’s older read is refused and that browser reads the settings again; the faculty consultant refers a student through the green channel and the escorting advisor marks him seen at the hospital; the advisor proposes a key person, the faculty head reads the update and approves it in the case audit; the key case shows a refused journal opening and a refused close; the advisor records the follow-up that fell due and finds it listed';
export const needsDb = true;

const en = readCatalogue('en-US');
const c = en.crisis;

/** @typedef {import('playwright-core').Page} Page */

/**
 * Tables whose rows a run adds (deleted again by id, children first) and small tables the run changes
 * (saved before and written back whole).
 */
const ADDED = [
  'focus_journal',
  'crisis_followup',
  'crisis_greenway',
  'crisis_event',
  'crisis_warning_history',
  'focus_report',
  'focus_person',
];
const RESTORED = ['crisis_notice_setting', 'crisis_coverage', 'crisis_warning'];

const UPDATE = 'Failed two exams and stopped answering his roommates; asked to be left alone.';
const HOSPITAL = '市精神卫生中心 (municipal mental health centre)';

/** @param {import('../lib/journey.mjs').JourneyContext} journey */
export async function run({ page, baseUrl, artifacts, db }) {
  const tenantId = (await db.findUser('centerhead')).tenantId;
  const newcomer = await db.findUser('newcomer');
  const advisorUser = await db.findUser('advisor');
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
      await screenshot(other, artifacts, `crisis-more-failure-${index}`).catch(() => undefined);
    throw error;
  } finally {
    // A second tab shares its context with the first: closing it again is a no-op.
    for (const other of pages)
      await other
        .context()
        .close()
        .catch(() => undefined);
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
    const { rows: live } = await db.query(
      'select id from focus_person where tenant_id = $1 and student_id = $2 and status = 1',
      [tenantId, newcomer.id],
    );
    assert.equal(live.length, 0, '沈新生 must not be a key person before the journey (left by another run?)');

    const head = await openAs(page, baseUrl, 'centerhead', {
      lang: 'en-US',
      to: '/focusperson/setting/caseMsgSetDetail',
    });
    pages.push(head);
    await watchToasts(head);

    step = '1 message notices: a taken-on signal also tells the faculty consultant, by SMS too';
    await head.getByRole('heading', { name: c.settings.noticesTitle }).waitFor();
    const acknowledged = head.locator('tr', { hasText: c.enums.noticeEvent.signalAcknowledged });
    const consultant = acknowledged.getByRole('checkbox', { name: c.enums.noticeParty.facultyConsult });
    const sms = head.getByRole('switch', {
      name: `${c.settings.sms} ${c.enums.noticeEvent.signalAcknowledged}`,
    });
    assert.equal(await consultant.isChecked(), false, 'the default does not tell the faculty consultant');
    // The same head at a second browser has read the same settings before the changes below.
    const other = await openAs(page, baseUrl, 'centerhead', {
      lang: 'en-US',
      to: '/focusperson/setting/caseMsgSetDetail',
    });
    pages.push(other);
    await watchToasts(other);
    const otherEnabled = other.getByRole('switch', {
      name: `${c.settings.enabled} ${c.enums.noticeEvent.signalAcknowledged}`,
    });
    await other.waitForFunction(
      (box) => box?.getAttribute('aria-checked') === 'true' && !box.hasAttribute('disabled'),
      await otherEnabled.elementHandle(),
    );
    // The boxes show what the server holds (checked once the list is read again): a click, not check().
    // Two changes at once, the second before the first is answered: each save sends the whole row, and the
    // second must keep the first (it starts from what the page sent, not from the list as last read).
    const saves = /** @type {import('playwright-core').Response[]} */ ([]);
    const onSave = (/** @type {import('playwright-core').Response} */ r) => {
      if (r.url().includes('/biz/crisis/noticeSetting/save')) saves.push(r);
    };
    head.on('response', onSave);
    await consultant.click();
    await sms.click();
    await head.waitForFunction(
      (box) => box?.getAttribute('aria-checked') === 'true',
      await sms.elementHandle(),
    );
    head.off('response', onSave);
    assert.equal(saves.length, 2, 'both changes were saved');
    for (const save of saves) {
      const body = await save.json();
      assert.equal(body.code, 0, JSON.stringify(body));
    }
    await expectToast(head, en.adminKit.saved);
    // The second browser switches the event off from what it read: refused (each save sends the whole row, and
    // this one would have undone the two changes above), said so, and the settings read again.
    const stale = await answered(other, 'POST', '/biz/crisis/noticeSetting/save', () => otherEnabled.click());
    assert.equal(stale.status, 409, `a save from an old read is refused: ${JSON.stringify(stale.body)}`);
    await expectToast(other, c.settings.changedElsewhere);
    await other.waitForFunction(
      (box) => box instanceof HTMLInputElement && box.checked,
      await other
        .locator('tr', { hasText: c.enums.noticeEvent.signalAcknowledged })
        .getByRole('checkbox', { name: c.enums.noticeParty.facultyConsult })
        .elementHandle(),
    );
    assert.equal(await otherEnabled.getAttribute('aria-checked'), 'true', 'the refused change is not shown');
    await other.context().close();
    await head.reload();
    await head.getByRole('heading', { name: c.settings.noticesTitle }).waitFor();
    await head.waitForFunction(
      (box) => box instanceof HTMLInputElement && box.checked,
      await head
        .locator('tr', { hasText: c.enums.noticeEvent.signalAcknowledged })
        .getByRole('checkbox', { name: c.enums.noticeParty.facultyConsult })
        .elementHandle(),
    );
    assert.equal(await sms.getAttribute('aria-checked'), 'true');
    // The reporter and the earlier owners are still told: the change added, it did not replace.
    for (const party of [c.enums.noticeParty.reporter, c.enums.noticeParty.ladder])
      assert.equal(await acknowledged.getByRole('checkbox', { name: party }).isChecked(), true, party);
    const { rows: notice } = await db.query(
      `select parties, sms, enabled from crisis_notice_setting where tenant_id = $1 and event = 'signalAcknowledged'`,
      [tenantId],
    );
    assert.deepEqual([...(notice[0]?.parties ?? [])].sort(), ['facultyConsult', 'ladder', 'reporter']);
    assert.equal(notice[0]?.sms, true);
    assert.equal(notice[0]?.enabled, true, 'the stale save changed nothing');
    await head.mouse.move(0, 0);
    await checkA11y(head, { name: 'crisis-notice-settings', artifacts, include: '#main-content' });

    step = '2 green channel: the faculty consultant refers 陈思远 from his record, the advisor escorting';
    const { rows: open } = await db.query(
      `select r.id from crisis_record r join sys_user u on u.tenant_id = r.tenant_id and u.id = r.student_id
        where r.tenant_id = $1 and u.real_name = '陈思远' and r.status <> 3 order by r.id desc limit 1`,
      [tenantId],
    );
    assert.ok(open[0], 'the demo school has an open record of 陈思远');
    const recordId = Number(open[0].id);
    const counsel = await openAs(page, baseUrl, 'facultycounsel', {
      lang: 'en-US',
      to: '/crisisInfoUpdate_info/index?tab=records',
    });
    pages.push(counsel);
    await watchToasts(counsel);
    const search = counsel.getByRole('searchbox', { name: c.records.search });
    await search.fill('陈思远');
    await search.press('Enter');
    await counsel.getByTestId(`crisis-record-open-${recordId}`).click();
    const drawer = counsel.getByTestId('crisis-record-drawer');
    await drawer.waitFor();
    await drawer.getByRole('button', { name: c.record.greenway, exact: true }).click();
    const referral = counsel.getByRole('dialog').filter({ hasText: c.greenway.newTitle });
    await referral.getByLabel(c.fields.hospital).fill(HOSPITAL);
    // Half an hour ago, as the browser's clock reads it (the field is local time).
    const referredAt = await counsel.evaluate(() => {
      const d = new Date(Date.now() - 30 * 60_000);
      const two = (/** @type {number} */ n) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
    });
    await referral.getByLabel(c.fields.referredAt).fill(referredAt);
    await referral.getByLabel(c.fields.escorts).click();
    await option(counsel, '韩辅导员').click();
    await closeDropdowns(counsel);
    await referral.getByRole('switch', { name: c.fields.guardianNotified }).click();
    await counsel.mouse.move(0, 0);
    await checkA11y(counsel, { name: 'crisis-greenway-new', artifacts, include: '.ant-modal' });
    const referred = await answered(counsel, 'POST', '/biz/crisis/greenway/save', () =>
      referral.getByRole('button', { name: en.common.confirm }).click(),
    );
    assert.equal(referred.body.code, 0, JSON.stringify(referred.body));
    assert.equal(referred.body.data.approvalId, null, 'the demo school does not ask to approve referrals');
    assert.deepEqual(
      referred.body.data.greenway.escorts.map((/** @type {{ id: number }} */ e) => e.id),
      [advisorUser.id],
    );

    step = '3 green channel: the escorting advisor finds the referral and marks him seen at the hospital';
    const advisor = await openAs(page, baseUrl, 'advisor', { lang: 'en-US', to: '/greenway_info' });
    pages.push(advisor);
    await watchToasts(advisor);
    await advisor.getByRole('heading', { name: c.greenway.title }).waitFor();
    const item = advisor.locator('.ant-list-item', { hasText: HOSPITAL });
    await expectText(advisor, '陈思远', { within: item });
    await expectText(advisor, c.enums.greenwayStatus['1'], { within: item });
    await expectText(advisor, `${c.fields.escorts}: 韩辅导员`, { exact: false, within: item });
    await expectText(advisor, c.greenway.guardianTold, { exact: false, within: item });
    await advisor.mouse.move(0, 0);
    await checkA11y(advisor, { name: 'crisis-greenway', artifacts, include: '#main-content' });
    const admitted = await answered(advisor, 'POST', '/biz/crisis/greenway/transition', () =>
      item.getByRole('button', { name: c.enums.action.admit }).click(),
    );
    assert.equal(admitted.body.data.status, 2, JSON.stringify(admitted.body));
    await expectToast(advisor, en.adminKit.saved);
    // Read again: the next step is offered, and the tag (same words as the step taken) says where it is.
    await item.getByRole('button', { name: c.enums.action.finish }).waitFor();
    assert.equal(await item.getByRole('button', { name: c.enums.action.admit }).count(), 0);
    await expectText(advisor, c.enums.greenwayStatus['2'], { within: item });

    step = '4 information update: the advisor proposes 沈新生 as a key person';
    await visit(advisor, `${baseUrl}/focusonInfoUpdateDetails/index`);
    await advisor.getByRole('button', { name: c.report2.add }).click();
    const proposal = advisor.getByRole('dialog').filter({ hasText: c.report2.add });
    await pickStudent(advisor, proposal.getByLabel(c.fields.student), '沈新生');
    assert.equal(await proposal.getByLabel(c.enums.reportKind['1']).isChecked(), true);
    await proposal.getByLabel(c.focus.categories).click();
    await option(advisor, 'Academic difficulty').click();
    await closeDropdowns(advisor);
    await proposal.getByLabel(c.report2.proposedLevel).click();
    await option(advisor, c.enums.collegeLevel['1']).click();
    await proposal.getByLabel(c.fields.content).fill(UPDATE);
    const posted = await answered(advisor, 'POST', '/biz/focus/report/save', () =>
      proposal.getByRole('button', { name: en.common.confirm }).click(),
    );
    assert.equal(posted.body.code, 0, JSON.stringify(posted.body));
    const reportId = posted.body.data.id;
    const mine = advisor.locator('tr', { hasText: UPDATE });
    await expectText(advisor, c.enums.auditStatus['1'], { within: mine });
    await advisor.mouse.move(0, 0);
    await checkA11y(advisor, { name: 'crisis-focus-reports', artifacts, include: '#main-content' });

    step = '5 the faculty head reads the update';
    const faculty = await openAs(page, baseUrl, 'facultyhead', {
      lang: 'en-US',
      to: '/focusonInfoUpdateDetails/index',
    });
    pages.push(faculty);
    await watchToasts(faculty);
    await faculty.getByRole('tab', { name: c.report2.all }).click();
    await faculty
      .locator('tr', { hasText: UPDATE })
      .getByRole('button', { name: `${c.records.open} 沈新生` })
      .click();
    await faculty.waitForURL(new RegExp(`/infoUpdateDetails/index\\?id=${reportId}$`));
    await faculty
      .getByRole('heading', { name: c.report2.detailTitle.replace('{{name}}', '沈新生') })
      .waitFor();
    await expectText(faculty, UPDATE);
    await expectText(faculty, '韩辅导员');
    await expectText(faculty, c.enums.reportKind['1']);
    await expectText(faculty, c.enums.collegeLevel['1']);
    await expectText(faculty, c.enums.auditStatus['1']);
    await faculty.mouse.move(0, 0);
    await checkA11y(faculty, { name: 'crisis-focus-report', artifacts, include: '#main-content' });

    step = '6 case audit: the faculty head approves it at the proposed level';
    await visit(faculty, `${baseUrl}/auditCaseInfo`);
    const pending = faculty.locator('tr', { hasText: UPDATE }).filter({ visible: true });
    await expectText(faculty, '韩辅导员', { within: pending });
    await faculty.mouse.move(0, 0);
    await checkA11y(faculty, { name: 'crisis-case-audit', artifacts, include: '#main-content' });
    await faculty.getByTestId(`crisis-audit-approve-${reportId}`).click();
    const audit = faculty.getByRole('dialog').filter({ hasText: `${c.approval.approve}: 沈新生` });
    await expectText(faculty, c.enums.collegeLevel['1'], { within: audit });
    await audit.getByLabel(c.approval.comment).fill('Agreed: weekly visits until the retakes.');
    const audited = await answered(faculty, 'POST', '/biz/focus/report/audit', () =>
      audit.getByRole('button', { name: en.common.confirm }).click(),
    );
    assert.equal(audited.body.code, 0, JSON.stringify(audited.body));
    assert.equal(audited.body.data.status, 2);
    const focusId = audited.body.data.focusId;
    assert.ok(focusId, 'the approval made 沈新生 a key person');
    // Audited, it leaves the pending list.
    await pending.waitFor({ state: 'detached' });

    step = '7 the advisor reads the decision and opens the key case';
    await visit(advisor, `${baseUrl}/infoUpdateDetails/index?id=${reportId}`);
    await expectText(advisor, c.enums.auditStatus['2']);
    await expectText(advisor, '郑院系负责人');
    await expectText(advisor, 'Agreed: weekly visits until the retakes.');
    await advisor.getByRole('button', { name: c.focus.open }).click();
    await advisor.waitForURL(new RegExp(`/focusCase_info\\?id=${focusId}$`));
    await advisor.getByRole('heading', { name: c.focus.caseTitle.replace('{{name}}', '沈新生') }).waitFor();
    await expectText(advisor, c.enums.collegeLevel['1']);

    step = '8 key case: opening a journal the server refuses shows its reason';
    // Meanwhile the advisor's coverage becomes the 2023 class only: 沈新生 (2024) is no longer theirs.
    const { rows: cover } = await db.query(
      `insert into crisis_coverage (tenant_id, user_id, role_code, dept_id)
       select $1, $2, 'CRISIS_ROLE_CONSULTANT', id from dept where tenant_id = $1 and name = '2023级'
       returning id`,
      [tenantId, advisorUser.id],
    );
    const refused = await answered(advisor, 'POST', '/biz/focus/journal/open', () =>
      advisor.getByRole('button', { name: c.journal.open }).click(),
    );
    assert.equal(refused.status, 400, JSON.stringify(refused.body));
    await expectToast(advisor, refused.body.msg);
    assert.match(advisor.url(), /\/focusCase_info\?id=\d+$/);
    await db.query('delete from crisis_coverage where tenant_id = $1 and id = $2', [tenantId, cover[0]?.id]);
    const opened = await answered(advisor, 'POST', '/biz/focus/journal/open', () =>
      advisor.getByRole('button', { name: c.journal.open }).click(),
    );
    assert.equal(opened.body.code, 0, JSON.stringify(opened.body));
    const journalId = opened.body.data.id;
    await advisor.waitForURL(new RegExp(`/openFollowDetail\\?id=${journalId}$`));
    await expectText(advisor, c.enums.journalStatus['1']);

    step = '9 journal: closed by the faculty head meanwhile, the advisor’s close is refused with its reason';
    await visit(faculty, `${baseUrl}/openFollowDetail?id=${journalId}`);
    const closedByHead = await answered(faculty, 'POST', '/biz/focus/journal/transition', () =>
      faculty.getByRole('button', { name: c.journal.close }).click(),
    );
    assert.equal(closedByHead.body.data.status, 2, JSON.stringify(closedByHead.body));
    await expectText(faculty, c.enums.journalStatus['2']);
    const closeRefused = await answered(advisor, 'POST', '/biz/focus/journal/transition', () =>
      advisor.getByRole('button', { name: c.journal.close }).click(),
    );
    assert.equal(closeRefused.status, 400, JSON.stringify(closeRefused.body));
    await expectToast(advisor, closeRefused.body.msg);
    await advisor.reload();
    await expectText(advisor, c.enums.journalStatus['2']);
    await advisor.getByRole('button', { name: c.journal.reopen }).waitFor();

    step = '10 follow-ups: the key person fell due, the advisor records the visit and finds it listed';
    // As if followed for three weeks with the last visit missed: the plan's due date a week ago.
    await db.query(
      `update focus_person set since = (now() at time zone 'Asia/Shanghai')::date - 21,
         next_due = (now() at time zone 'Asia/Shanghai')::date - 7 where tenant_id = $1 and id = $2`,
      [tenantId, focusId],
    );
    await visit(advisor, `${baseUrl}/focusonFollowUpVisit/followInfo`);
    const due = advisor.getByTestId(`crisis-followup-add-${focusId}`);
    await due.click();
    const followUp = advisor.getByRole('dialog').filter({ hasText: c.followUp.newTitle });
    await followUp
      .getByLabel(c.fields.content)
      .fill('Visited him in the dormitory: eating again, going to the retake classes.');
    await advisor.mouse.move(0, 0);
    await checkA11y(advisor, { name: 'crisis-followup-new', artifacts, include: '.ant-modal' });
    const visited = await answered(advisor, 'POST', '/biz/crisis/followup/save', () =>
      followUp.getByRole('button', { name: en.common.confirm }).click(),
    );
    assert.equal(visited.body.code, 0, JSON.stringify(visited.body));
    // Followed today, the plan moves a week on (close attention): no longer due.
    await due.waitFor({ state: 'detached' });
    const { rows: plan } = await db.query(
      `select (next_due - (now() at time zone 'Asia/Shanghai')::date) as days from focus_person
        where tenant_id = $1 and id = $2`,
      [tenantId, focusId],
    );
    assert.equal(Number(plan[0]?.days), 7);
    await advisor.getByRole('tab', { name: c.followUp.all }).click();
    const listed = advisor.locator('.ant-list-item', {
      hasText: 'Visited him in the dormitory: eating again, going to the retake classes.',
    });
    await expectText(advisor, '沈新生', { exact: false, within: listed });
    await expectText(advisor, '韩辅导员', { exact: false, within: listed });
    await advisor.mouse.move(0, 0);
    await checkA11y(advisor, { name: 'crisis-followups', artifacts, include: '#main-content' });
  }
}
