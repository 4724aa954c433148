import assert from 'node:assert/strict';
import { checkA11y } from '../lib/axe.mjs';
import { interpolate, readCatalogue } from '../lib/catalogues.mjs';
import { expectText, screenshot, visit } from '../lib/journey.mjs';
import { signInToShell } from '../lib/shell.mjs';

export const name =
  "[spec:S1.2.2] [spec:S1.2.3] [spec:S1.2.6] [spec:S1.2.8] [spec:S1.2.9] [spec:S1.2.12] [spec:S1.2.13] assessment-pages: the administrator reads the demo screening in Chinese: the scale library with a scale and the report types, raw answers with an answer's items, an individual SCL-90 report with its factor profile chart and PDF, a person's records, responses, the rainbow code with its rules, a follow-up visit recorded from a warning, the House-Tree-Person list";
export const needsDb = true;

const zh = readCatalogue('zh-CN');
const t = zh.assessment;
const r = zh.assessmentReport;
const DEMO_PLAN = '2026 秋季新生心理普查';

/** @param {import('../lib/journey.mjs').JourneyContext} journey */
export async function run({ page, baseUrl, artifacts, db }) {
  const admin = await db.findUser('admin');
  const {
    rows: [demo],
  } = await db.query(
    `select p.id as plan_id, a.id as answer_id, a.user_id, w.id as warning_id
       from assessment_plan p
       join assessment_answer a on a.tenant_id = p.tenant_id and a.plan_id = p.id
       join assessment_scale s on s.tenant_id = a.tenant_id and s.id = a.scale_id and s.code = 'SCL90'
       left join assessment_warning w on w.tenant_id = a.tenant_id and w.answer_id = a.id
      where p.tenant_id = $1 and p.name = $2
      order by w.id nulls last, a.id limit 1`,
    [admin.tenantId, DEMO_PLAN],
  );
  assert.ok(demo, 'the demo school has its screening with SCL-90 answers');
  let step = 'the scale library';
  let followUpId = 0;
  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInToShell(page, baseUrl, { lang: 'zh-CN', to: '/scaleLibrary/index' });

    await expectText(page, t.scale.title, { within: page.locator('h1') });
    const scl = page.getByTestId('scale-table').locator('tbody tr').filter({ hasText: 'SCL90 v1' });
    await scl.waitFor();
    await scl.getByRole('button', { name: new RegExp(`^${t.common.details} `) }).click();
    const detail = page.getByTestId('scale-detail');
    await detail.waitFor();
    await expectText(page, interpolate(t.scale.itemsTitle, { count: 90 }), { within: detail });
    await expectText(page, t.scale.factors, { within: detail });
    await screenshot(page, artifacts, 'assessment-scale-detail-zh-CN');
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: t.scale.reportTypes }).click();
    await expectText(page, '16PF', { exact: false });
    await expectText(page, t.scale.importOnly);

    step = 'raw answer records';
    await visit(page, `${baseUrl}/evaluationAnswerlist/answerlist?planId=${demo.plan_id}`);
    const answers = page.getByTestId('answer-table').locator('tbody tr.ant-table-row');
    await answers.first().waitFor();
    assert.ok((await answers.count()) >= 10, 'the demo answers are listed');
    await answers
      .first()
      .getByRole('button', { name: /答题明细/ })
      .click();
    await page.getByRole('dialog').locator('tbody tr.ant-table-row').first().waitFor();
    await page.keyboard.press('Escape');

    step = 'the individual report';
    await visit(page, `${baseUrl}/evaluationReport?answerId=${demo.answer_id}`);
    const report = page.getByTestId('individual-report');
    await report.waitFor();
    await expectText(page, r.profile, { within: report });
    await page.getByTestId('profile-chart').locator('canvas').waitFor();
    await expectText(page, r.bands, { within: report });
    await screenshot(page, artifacts, 'assessment-report-zh-CN');
    await checkA11y(page, { name: 'assessment-report-zh-CN', artifacts, include: '#main-content' });
    const [pdf] = await Promise.all([
      page.waitForResponse((res) => res.url().includes('/plantest/report/individualPdf')),
      page.getByTestId('report-pdf').click(),
    ]);
    assert.equal(pdf.headers()['content-type'], 'application/pdf', 'the report is a PDF');

    step = "a person's records";
    await page.getByRole('button', { name: t.record.title }).click();
    await page.waitForURL(`**/evaluationRecord?userId=${demo.user_id}`);
    // The report's tab stays open (hidden) behind this one, so an unscoped row would be its factor table.
    await page.getByTestId('record-table').locator('tbody tr.ant-table-row').first().waitFor();

    step = 'responses of the plan';
    await visit(page, `${baseUrl}/assessmentPlanResponseList?planId=${demo.plan_id}`);
    await page.getByTestId('response-table').locator('tbody tr.ant-table-row').first().waitFor();
    await expectText(page, t.responses.states['2']);

    step = 'the rainbow code';
    await visit(page, `${baseUrl}/mindtherainbowInfo/info?userId=${demo.user_id}`);
    await page.getByTestId('rainbow-colour').waitFor();
    await expectText(page, t.rainbow.rules);
    for (const rule of ['R1', 'R6']) await expectText(page, rule);
    await screenshot(page, artifacts, 'assessment-rainbow-zh-CN');

    step = 'a follow-up visit from a warning';
    if (demo.warning_id) {
      await visit(
        page,
        `${baseUrl}/anFollowUpVisit/followInfo?userId=${demo.user_id}&warningId=${demo.warning_id}&add=1`,
      );
      const dialog = page.getByRole('dialog');
      await dialog.locator('#follow-up_content').fill('电话回访，情绪平稳。');
      const [saved] = await Promise.all([
        page.waitForResponse((res) => res.url().includes('/plantest/followUp/save')),
        dialog.getByTestId('follow-up-ok').click(),
      ]);
      const body = await saved.json();
      assert.equal(body.code, 0, `the visit is recorded: ${body.msg}`);
      followUpId = body.data.id;
      await page.getByTestId('follow-up-table').locator('tbody tr').filter({ hasText: '电话回访' }).waitFor();
    }

    step = 'the House-Tree-Person records';
    await visit(page, `${baseUrl}/houseTreeManInfoWrite`);
    await expectText(page, t.htp.title, { within: page.locator('h1') });
    await page.getByRole('button', { name: t.htp.add }).click();
    await expectText(page, t.htp.parts.house, { within: page.getByRole('dialog') });
    await expectText(page, zh.assessment.htp.fields.chimney, { within: page.getByRole('dialog') });
  } catch (error) {
    await screenshot(page, artifacts, 'assessment-pages-failure').catch(() => {});
    throw new Error(`${step}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  } finally {
    if (followUpId)
      await db.query('delete from assessment_follow_up where tenant_id = $1 and id = $2', [
        admin.tenantId,
        followUpId,
      ]);
  }
}
