import assert from 'node:assert/strict';
import { checkA11y } from '../lib/axe.mjs';
import { readCatalogue } from '../lib/catalogues.mjs';
import { DEMO_PASSWORD, expectText, screenshot } from '../lib/journey.mjs';
import { signInToShell } from '../lib/shell.mjs';
import { agreementDuring } from '../lib/agreement.mjs';

export const name =
  '[spec:S0.3.35] forms pickers: a student on a 375 px screen answers a cascader (search, levels by keyboard and by touch), a select, a multiple tree (keyboard and touch) with the light pickers and a native slider, and the answer is saved';
export const needsDb = true;

const en = readCatalogue('en-US');
const f = en.forms;
const p = en.formPicker;

const t = (/** @type {string} */ zh, /** @type {string} */ enText) => ({ 'zh-CN': zh, 'en-US': enText });

/** @param {import('../lib/journey.mjs').JourneyContext} journey */
export async function run({ page: adminPage, baseUrl, artifacts, db }) {
  let page = adminPage;
  const admin = await db.findUser('admin');
  const studentUser = await db.findUser('student');
  const tenantId = admin.tenantId;
  const stamp = Date.now().toString(36).slice(-5);
  const formName = `E2E pickers ${stamp}`;
  const definition = {
    id: `e2e-pickers-${stamp}`,
    version: 1,
    name: t(`选择器 ${stamp}`, formName),
    columns: [
      {
        prop: 'place',
        label: t('地点', 'Place'),
        type: 'cascader',
        required: true,
        dicData: [
          {
            value: 'cn',
            label: t('中国', 'China'),
            children: [
              {
                value: 'bj',
                label: t('北京', 'Beijing'),
                children: [
                  { value: 'hd', label: t('海淀', 'Haidian') },
                  { value: 'cy', label: t('朝阳', 'Chaoyang') },
                ],
              },
              { value: 'sh', label: t('上海', 'Shanghai') },
            ],
          },
          {
            value: 'uk',
            label: t('英国', 'United Kingdom'),
            children: [{ value: 'ldn', label: t('伦敦', 'London') }],
          },
        ],
      },
      {
        prop: 'meal',
        label: t('餐次', 'Meal'),
        type: 'select',
        required: true,
        dicData: [
          { value: 1, label: t('早餐', 'Breakfast') },
          { value: 2, label: t('午餐', 'Lunch') },
          { value: 3, label: t('晚餐', 'Dinner'), disabled: true },
        ],
      },
      { prop: 'mood', label: t('心情', 'Mood'), type: 'slider', required: true },
      {
        prop: 'groups',
        label: t('小组', 'Groups'),
        type: 'tree',
        multiple: true,
        required: true,
        dicData: [
          {
            value: 1,
            label: t('社团', 'Clubs'),
            children: [
              { value: 2, label: t('象棋', 'Chess') },
              { value: 3, label: t('音乐', 'Music') },
            ],
          },
          { value: 4, label: t('运动', 'Sports') },
        ],
      },
    ],
  };
  const { rows } = await db.query(
    `insert into form (tenant_id, purpose, name, current_version, created_by)
     values ($1, 'questionnaire', $2, 1, $3) returning id`,
    [tenantId, JSON.stringify(definition.name), admin.id],
  );
  const formId = rows[0]?.id;
  await db.query(
    `insert into form_version (tenant_id, form_id, version, definition, created_by) values ($1, $2, 1, $3, $4)`,
    [tenantId, formId, JSON.stringify(definition), admin.id],
  );
  let agreedByJourney = false;
  const cleanUp = async () => {
    if (agreedByJourney) {
      await db.query('delete from agreement_record where tenant_id = $1 and user_id = $2', [
        tenantId,
        studentUser.id,
      ]);
    }
    await db.query(
      `delete from form_answer_edition where tenant_id = $1 and answer_id in
         (select id from form_answer where tenant_id = $1 and form_id = $2)`,
      [tenantId, formId],
    );
    await db.query('delete from form_answer where tenant_id = $1 and form_id = $2', [tenantId, formId]);
    await db.query('delete from form_version where tenant_id = $1 and form_id = $2', [tenantId, formId]);
    await db.query('delete from form where tenant_id = $1 and id = $2', [tenantId, formId]);
  };

  let step = 'sign in as the student on a phone';
  try {
    const browser = page.context().browser();
    assert.ok(browser, 'the journey runs in a launched browser');
    const studentContext = await browser.newContext({ viewport: { width: 375, height: 740 } });
    page = await studentContext.newPage();
    const [, agreement] = await agreementDuring(page, () =>
      signInToShell(page, baseUrl, {
        lang: 'en-US',
        account: { username: 'student', password: DEMO_PASSWORD },
      }),
    );
    // The demo school's start-up agreement (its own journey covers it) is recorded as agreed; the page
    // below is loaded afresh and asks again.
    if (agreement?.mustAgree) {
      agreedByJourney = true;
      await db.query('insert into agreement_record (tenant_id, user_id, form_name) values ($1, $2, $3)', [
        tenantId,
        studentUser.id,
        agreement.formName,
      ]);
    }
    await page.goto(`${baseUrl}/forms/fill?formId=${formId}`);
    await expectText(page, formName);
    const form = page.locator('form');
    const place = form.locator('#form-field-place');
    const groups = form.locator('#form-field-groups');
    const meal = form.locator('#form-field-meal');
    const search = page.getByRole('combobox', { name: p.search });

    step = 'cascader: search and choose with the keyboard';
    await place.click();
    await search.waitFor();
    await search.fill('hai');
    await expectText(page, 'China / Beijing / Haidian');
    await search.press('Enter');
    await search.waitFor({ state: 'hidden' });
    assert.equal((await place.textContent())?.trim().replace(/▾$/, ''), 'China / Beijing / Haidian');

    step = 'cascader: levels with the keyboard';
    await place.press('Enter'); // the trigger is a button: Enter opens the panel at the answer's level
    await search.waitFor();
    await search.press('ArrowDown'); // Haidian -> Chaoyang
    await search.press('Enter');
    await search.waitFor({ state: 'hidden' });
    assert.match((await place.textContent()) ?? '', /China \/ Beijing \/ Chaoyang/);
    await place.press('Enter');
    await search.press('ArrowLeft'); // back to China's level (Beijing active)
    await search.press('ArrowLeft'); // back to the first level (China active)
    await search.press('ArrowDown'); // United Kingdom
    await search.press('ArrowRight'); // its level (London active)
    await search.press('Enter');
    assert.match((await place.textContent()) ?? '', /United Kingdom \/ London/);

    step = 'cascader: levels by touch, the path back, the panel fits the screen';
    await place.click();
    await page.getByRole('navigation', { name: p.path }).getByRole('button', { name: p.top }).click();
    await page.getByRole('option', { name: 'China' }).click();
    const panel = page.getByRole('dialog', { name: f.choose });
    const box = await panel.boundingBox();
    assert.ok(
      box && box.x >= 0 && box.x + box.width <= 375,
      `the panel fits 375 px (${JSON.stringify(box)})`,
    );
    await checkA11y(page, { name: 'forms-cascader-375', artifacts, include: 'form' });
    await screenshot(page, artifacts, 'forms-cascader-375-en-US');
    await page.getByRole('option', { name: 'Shanghai' }).click();
    assert.match((await place.textContent()) ?? '', /China \/ Shanghai/);

    step = 'tree: several nodes with the keyboard';
    await groups.click();
    await search.waitFor();
    await search.press('ArrowDown'); // Clubs
    await search.press('ArrowRight'); // expanded
    await page.getByRole('treeitem', { name: 'Chess' }).waitFor();
    await search.press('ArrowRight'); // to Chess
    await search.press('Enter'); // chosen, the panel stays open (multiple)
    assert.equal(await page.getByRole('treeitem', { name: 'Chess' }).getAttribute('aria-selected'), 'true');
    await checkA11y(page, { name: 'forms-tree-375', artifacts, include: 'form' });
    await screenshot(page, artifacts, 'forms-tree-375-en-US');

    step = 'tree: by touch, and Done';
    await page.getByRole('treeitem', { name: 'Sports' }).click();
    await page.getByRole('button', { name: p.done, exact: true }).click();
    await search.waitFor({ state: 'hidden' });
    assert.match((await groups.textContent()) ?? '', /Chess, Sports/);

    step = 'tree: search';
    await groups.click();
    await search.fill('mus');
    await search.press('Enter');
    await search.press('Escape');
    assert.match((await groups.textContent()) ?? '', /Chess, Sports, Music/);

    step = 'select: keyboard, a disabled option, search';
    await meal.press('Enter');
    await search.press('ArrowDown'); // Breakfast
    await search.press('ArrowDown'); // Lunch
    await search.press('Enter');
    await search.waitFor({ state: 'hidden' });
    assert.match((await meal.textContent()) ?? '', /Lunch/);
    await meal.click();
    // The panel opens at the answer (Lunch); Dinner is switched off: Enter does not choose it.
    await search.press('ArrowDown');
    assert.equal(await page.getByRole('option', { name: 'Dinner' }).getAttribute('aria-disabled'), 'true');
    await search.press('Enter');
    assert.equal(await page.getByRole('listbox').count(), 1, 'still open');
    await search.fill('brea');
    await search.press('Enter');
    assert.match((await meal.textContent()) ?? '', /Breakfast/);

    step = 'slider: the keyboard answers it';
    const mood = form.locator('#form-field-mood');
    assert.equal((await form.locator('output[for="form-field-mood"]').textContent())?.trim(), '');
    await mood.focus();
    await mood.press('ArrowRight');
    await mood.press('ArrowRight');
    assert.equal((await form.locator('output[for="form-field-mood"]').textContent())?.trim(), '3');

    await screenshot(page, artifacts, 'forms-pickers-answered-375-en-US');

    step = 'submit';
    await page.waitForTimeout(2000); // the double-click guard (2 s)
    await form.getByTestId('form-submit').click();
    const confirm = page.getByRole('dialog').filter({ hasText: f.confirmSubmit });
    await confirm.waitFor();
    const [answer] = await Promise.all([
      page.waitForResponse(
        (r) =>
          /\/public\/forms\/answer\/save$/.test(new URL(r.url()).pathname) && r.request().method() === 'POST',
      ),
      confirm.getByRole('button', { name: en.common.confirm, exact: true }).click(),
    ]);
    const body = await answer.json();
    assert.equal(body.code, 0, `answer saved: ${body.msg}`);
    const saved = await db.query('select answer from form_answer where tenant_id = $1 and form_id = $2', [
      tenantId,
      formId,
    ]);
    assert.deepEqual(saved.rows[0]?.answer.place, ['cn', 'sh']);
    assert.deepEqual(saved.rows[0]?.answer.groups, [2, 4, 3]);
    assert.equal(saved.rows[0]?.answer.meal, 1);
    assert.equal(saved.rows[0]?.answer.mood, 3);
  } catch (error) {
    if (page !== adminPage)
      await screenshot(page, artifacts, 'forms-pickers-student-failure').catch(() => {});
    if (error instanceof Error) error.message = `step ${step}: ${error.message}`;
    throw error;
  } finally {
    if (page !== adminPage) await page.context().close();
    await cleanUp();
  }
}
