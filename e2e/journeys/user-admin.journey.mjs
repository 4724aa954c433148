import assert from 'node:assert/strict';
import { checkA11y } from '../lib/axe.mjs';
import { interpolate, readCatalogue } from '../lib/catalogues.mjs';
import { DEMO_TENANT } from '../lib/db.mjs';
import { DEMO_PASSWORD, expectText, screenshot, visit } from '../lib/journey.mjs';
import { signInToShell } from '../lib/shell.mjs';

export const name =
  "[spec:S0.3.3] [spec:S0.5.1] [spec:S0.5.3] [spec:S0.5.4] [spec:S0.5.6] [spec:S0.5.7] [spec:S0.5.17] [spec:S0.3.11] [spec:S0.9.7] user administration: an admin adds a department and a user, edits with invalid then valid data, a sub-administrator sees only their subtree, a password reset ends the user's session";
// Creates a department and a user and resets a demo password: all undone through the database.
export const needsDb = true;

const zh = readCatalogue('zh-CN');
const en = readCatalogue('en-US');
/** Serious axe findings not fixed yet: none. */
const KNOWN_A11Y = /** @type {string[]} */ ([]);
/** The sub-administrator's department (apps/server/src/seed/demo.ts) and a user outside it. */
const SUBTREE_ROOT = '计算机学院';
/** The same seeded department as an English reader sees it (contracts SEEDED_NAMES_EN). */
const SUBTREE_ROOT_EN = 'School of Computer Science';
const OUTSIDE_USER = 'counsellor';
/** A demo user no other journey signs in as: their password is reset, then put back. */
const RESET_USER = 'crisishead';
const RESET_PASSWORD = 'Reset#2026a';
/** Role given to the new user (seed catalogue name). */
const ROLE_NAME = '普通用户';

/** A valid 18-digit ID number and the same with a wrong GB 11643 check digit. */
const ID_FIRST17 = '11010520050304123';
function checkDigit(/** @type {string} */ first17) {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((acc, d, i) => acc + Number(d) * (weights[i] ?? 0), 0);
  return '10X98765432'[sum % 11];
}
const VALID_ID = `${ID_FIRST17}${checkDigit(ID_FIRST17)}`;
const WRONG_ID = `${ID_FIRST17}${checkDigit(ID_FIRST17) === '0' ? '1' : '0'}`;

/** @param {import('playwright-core').Page} page */
const answered = (page, /** @type {string} */ path) =>
  page.waitForResponse((r) => new URL(r.url()).pathname.endsWith(path) && r.request().method() !== 'OPTIONS');

/**
 * Searches the user list by login account and waits for that search's answer (not an earlier page's).
 * @param {import('playwright-core').Page} page
 * @param {string} username
 * @param {string} submitText the Search button's text
 */
async function searchByUsername(page, username, submitText) {
  await page.locator('#user-search_username').fill(username);
  const [answer] = await Promise.all([
    page.waitForResponse(
      (r) =>
        new URL(r.url()).pathname.endsWith('/admin/user/page') &&
        new URL(r.url()).searchParams.get('username') === (username || null),
    ),
    page.getByRole('button', { name: submitText }).click(),
  ]);
  const body = await answer.json();
  assert.equal(body.code, 0, body.msg);
  return body.data;
}

/**
 * Picks a department in an open-able organisation picker by searching its name (spec S0.9.5: the search
 * is asked 500 ms after the last key).
 * @param {import('playwright-core').Page} page
 * @param {import('playwright-core').Locator} input the picker's search input
 * @param {string} deptName
 */
async function pickDept(page, input, deptName) {
  await input.click();
  const searched = page.waitForResponse(
    (r) => r.url().includes('/admin/dept/inner/tree') && new URL(r.url()).searchParams.has('name'),
  );
  await input.fill(deptName);
  await searched;
  const option = page
    .locator('.ant-select-dropdown:visible .ant-select-tree-title')
    .filter({ hasText: deptName })
    .first();
  await option.waitFor();
  await option.click();
  // The picker shows the chosen department (its path).
  await input
    .locator('xpath=ancestor::*[contains(@class, "ant-select")][1]')
    .filter({ hasText: deptName })
    .waitFor();
}

/** @param {import('../lib/journey.mjs').JourneyContext} journey */
export async function run({ page, baseUrl, artifacts, db }) {
  const stamp = Date.now().toString(36).slice(-5);
  const deptName = `旅程测试班${stamp}`;
  const username = `journey${stamp}`;
  const browser = page.context().browser();
  assert.ok(browser, 'the journey runs in a launched browser');
  const {
    rows: [resetRow],
  } = await db.query(
    `select u.tenant_id, u.id, u.password_hash, u.must_change_password
       from sys_user u join tenant t on t.id = u.tenant_id
      where lower(t.code) = lower($1) and u.username = $2`,
    [DEMO_TENANT, RESET_USER],
  );
  assert.ok(resetRow, `demo user ${RESET_USER}`);
  const tenantId = resetRow.tenant_id;
  /** @type {number | null} */
  let createdDeptId = null;
  /** @type {string[]} */
  const a11yFailures = [];
  /** @param {string} label @param {string} include */
  const a11y = (label, include) =>
    checkA11y(page, { name: label, artifacts, include, known: KNOWN_A11Y }).catch((/** @type {Error} */ e) =>
      a11yFailures.push(e.message),
    );

  try {
    // 1. The admin opens the departments page (zh-CN) and adds a department under the subtree root.
    await signInToShell(page, baseUrl, { lang: 'zh-CN', to: '/admin/dept/index' });
    await page.getByRole('heading', { name: zh.deptAdmin.title, level: 1 }).waitFor();
    // The school's root shows as 'organisation' [spec:S0.3.11].
    await page.locator('.ant-tree-title').filter({ hasText: zh.deptAdmin.root }).first().waitFor();
    // Name search, asked 500 ms after the last key [spec:S0.9.5].
    const search = page.getByRole('searchbox', { name: zh.deptAdmin.searchPlaceholder });
    const searched = answered(page, '/admin/dept/inner/tree');
    await search.fill(SUBTREE_ROOT);
    const searchAnswer = await searched;
    assert.match(searchAnswer.url(), /name=/, 'the search asks the server by name');
    await page.locator('.ant-tree-title').filter({ hasText: SUBTREE_ROOT }).first().click();
    await expectText(page, `组织机构-${SUBTREE_ROOT}`);
    await page.getByRole('button', { name: zh.deptAdmin.addChild }).first().click();
    const deptDialog = page.getByRole('dialog', { name: zh.deptAdmin.form.addTitle });
    await deptDialog.waitFor();
    await deptDialog.getByRole('button', { name: zh.common.confirm }).click();
    await expectText(page, zh.deptAdmin.form.nameRequired, { within: deptDialog });
    await deptDialog.getByLabel(zh.deptAdmin.form.name).fill(deptName);
    const created = answered(page, '/admin/dept');
    await deptDialog.getByRole('button', { name: zh.common.confirm }).click();
    const createdBody = await (await created).json();
    assert.equal(createdBody.code, 0, `department created: ${createdBody.msg}`);
    createdDeptId = createdBody.data.id;
    await expectText(page, `组织机构-${SUBTREE_ROOT}-${deptName}`);
    await screenshot(page, artifacts, 'depts-zh-CN');
    await a11y('depts-zh-CN', '#main-content');

    // 2. The users page (zh-CN): add a user in the new department, after the required messages.
    await visit(page, `${baseUrl}/info/index`);
    await page.getByRole('heading', { name: zh.userAdmin.title, level: 1 }).waitFor();
    await page.locator('.ant-table-row').first().waitFor();
    await screenshot(page, artifacts, 'users-zh-CN');
    await a11y('users-zh-CN', '#main-content');
    await page.getByRole('button', { name: zh.userAdmin.actions.add }).click();
    const addDialog = page.getByRole('dialog', { name: zh.userAdmin.form.addTitle });
    await addDialog.waitFor();
    // Measured at rest: the dialog zooms in.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    const width = await addDialog.evaluate(
      (el) =>
        (el.closest('.ant-modal') ?? el.querySelector('.ant-modal') ?? el).getBoundingClientRect().width,
    );
    assert.ok(Math.abs(width - 780) <= 2, `the user dialog is 780 px wide [spec:S0.9.7], got ${width}`);
    await addDialog.getByRole('button', { name: zh.userAdmin.form.submit }).click();
    for (const text of [
      zh.userAdmin.form.messages.username.required,
      zh.userAdmin.form.messages.realName.required,
      zh.userAdmin.form.messages.numberName.required,
      zh.userAdmin.form.messages.phone.required,
      zh.userAdmin.form.messages.deptId.required,
      zh.userAdmin.form.messages.sex.required,
      zh.userAdmin.form.messages.roleIds.required,
    ]) {
      await expectText(page, text, { within: addDialog });
    }
    // The birth date may be left out (issue 18): nothing asks for it.
    assert.equal(
      await addDialog.getByText(zh.userAdmin.form.messages.birthday.required, { exact: true }).count(),
      0,
      'the birth date is not required',
    );
    await addDialog.locator('#user-form_username').fill('a');
    await expectText(page, zh.userAdmin.form.messages.username.length, { within: addDialog });
    await screenshot(page, artifacts, 'user-form-zh-CN');
    await a11y('user-form-zh-CN', '.ant-modal-wrap');

    await addDialog.locator('#user-form_username').fill(username);
    await addDialog.locator('#user-form_realName').fill('旅程用户');
    await addDialog.locator('#user-form_numberName').fill(`N${stamp}`);
    await addDialog.locator('#user-form_phone').fill('13912345670');
    await pickDept(page, addDialog.locator('#user-form_deptId'), deptName);
    await addDialog.getByLabel(zh.userAdmin.sex['2'], { exact: true }).check();
    await addDialog.locator('#user-form_birthday').fill('2005-03-04');
    await addDialog.locator('#user-form_roleIds').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: ROLE_NAME })
      .first()
      .click();
    // Several roles may be chosen, so the list stays open: the choice shows as a tag before it is closed.
    await addDialog
      .locator('.ant-form-item', { has: page.locator('#user-form_roleIds') })
      .locator('.ant-select-selection-item', { hasText: ROLE_NAME })
      .waitFor();
    await addDialog.getByText(zh.userAdmin.fields.roleIds, { exact: true }).click();
    const added = answered(page, '/admin/v2/user/addUser');
    await addDialog.getByRole('button', { name: zh.userAdmin.form.submit }).click();
    const addedBody = await (await added).json();
    assert.equal(addedBody.code, 0, `user added: ${addedBody.msg}`);
    // The generated password is shown once.
    const note = page.getByRole('dialog', { name: zh.userAdmin.initialPassword.title });
    await note.waitFor();
    await expectText(page, addedBody.data.initialPassword, { within: note });
    await note.getByRole('button', { name: zh.common.confirm }).click();

    // 3. In English: find the user, edit with invalid data, see the spec's messages, then valid data.
    await page.evaluate(() => localStorage.setItem('psy-lang', 'en-US'));
    await page.reload();
    await page.getByRole('heading', { name: en.userAdmin.title, level: 1 }).waitFor();
    await searchByUsername(page, username, en.adminKit.search);
    const row = page.locator('.ant-table-row').filter({ hasText: username });
    await row.waitFor();
    await screenshot(page, artifacts, 'users-en-US');
    await a11y('users-en-US', '#main-content');
    await row.getByRole('button', { name: en.userAdmin.actions.edit }).click();
    const editDialog = page.getByRole('dialog', { name: en.userAdmin.form.editTitle });
    await editDialog.waitFor();
    const phone = editDialog.locator('#user-form_phone');
    await phone.waitFor();
    // The edit form gets the phone masked; left as it is, it is not sent back [spec:S0.5.7].
    assert.match(await phone.inputValue(), /\*/, 'the phone comes masked');
    await expectText(page, en.userAdmin.form.maskedHint, { within: editDialog });
    await phone.fill('1391234');
    await expectText(page, en.userAdmin.form.messages.phone.length, { within: editDialog });
    await phone.fill('12912345678');
    await expectText(page, en.userAdmin.form.messages.phone.format, { within: editDialog });
    await editDialog.locator('#user-form_idCard').fill(WRONG_ID);
    await expectText(page, en.userAdmin.form.messages.idCard.checkDigit, { within: editDialog });
    await editDialog.locator('#user-form_birthday').fill('2099-01-01');
    await expectText(page, en.userAdmin.form.messages.birthday.future, { within: editDialog });
    await editDialog.locator('#user-form_email').fill('not-an-email');
    await expectText(page, en.userAdmin.form.messages.email.format, { within: editDialog });
    await screenshot(page, artifacts, 'user-form-invalid-en-US');
    await a11y('user-form-en-US', '.ant-modal-wrap');

    await phone.fill('13912345671');
    await editDialog.locator('#user-form_idCard').fill(VALID_ID);
    await editDialog.locator('#user-form_birthday').fill('2005-03-04');
    await editDialog.locator('#user-form_email').fill('');
    await editDialog.locator('#user-form_realName').fill('旅程用户改');
    const updated = answered(page, '/admin/v2/user/updateUser');
    await editDialog.getByRole('button', { name: en.userAdmin.form.submit }).click();
    const updatedResponse = await updated;
    const updatedBody = await updatedResponse.json();
    assert.equal(updatedBody.code, 0, `user updated: ${updatedBody.msg}`);
    const sent = JSON.parse(updatedResponse.request().postData() ?? '{}');
    assert.ok(!JSON.stringify(sent).includes('*'), 'no masked value is sent');
    assert.equal(sent.phone, '13912345671');
    await editDialog.waitFor({ state: 'hidden' });
    await row.filter({ hasText: '旅程用户改' }).waitFor();

    // Export by search: a download task starts and the top bar asks its generating count again.
    let isExported = false;
    const [exportAnswer, countAnswer] = await Promise.all([
      page.waitForResponse((r) => {
        const hit = new URL(r.url()).pathname.endsWith('/admin/user/exportUsersBySearch');
        if (hit) isExported = true;
        return hit;
      }),
      page.waitForResponse(
        (r) => isExported && r.url().includes('/download/downloadFile/getDownLoadingCount'),
      ),
      page.getByRole('button', { name: en.adminKit.export }).click(),
    ]);
    const exportBody = await exportAnswer.json();
    assert.equal(exportBody.code, 0, `export started: ${exportBody.msg}`);
    assert.deepEqual(JSON.parse(exportAnswer.request().postData() ?? '{}'), { username });
    assert.equal((await countAnswer.json()).code, 0);
    // The file is generating and is found in the download list.
    await expectText(page, interpolate(en.exports.generating, { fileName: exportBody.data.fileName }));

    // The details page shows the four groups (spec S0.3.3).
    await row.getByRole('button', { name: en.userAdmin.actions.view }).click();
    await page.waitForURL(/\/user_manage\/userinfo\?userId=\d+/);
    for (const group of Object.values(en.userAdmin.detail.groups)) {
      await page.getByRole('heading', { name: group, level: 2 }).waitFor();
    }
    await screenshot(page, artifacts, 'user-detail-en-US');

    // 4. The sub-administrator sees only users of their department subtree.
    const subContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const sub = await subContext.newPage();
      await signInToShell(sub, baseUrl, {
        lang: 'en-US',
        account: { username: 'subadmin', password: DEMO_PASSWORD },
      });
      const firstPage = answered(sub, '/admin/user/page');
      await visit(sub, `${baseUrl}/info/index`);
      const pageBody = await (await firstPage).json();
      assert.equal(pageBody.code, 0, pageBody.msg);
      const {
        rows: [{ count } = { count: -1 }],
      } = await db.query(
        `with recursive sub(id) as (
           select id from dept where tenant_id = $1 and name = $2 and not del_flag
           union all select d.id from dept d join sub on d.parent_id = sub.id where d.tenant_id = $1 and not d.del_flag)
         select count(*)::int as count from sys_user
          where tenant_id = $1 and not del_flag and dept_id in (select id from sub)`,
        [tenantId, SUBTREE_ROOT],
      );
      assert.equal(pageBody.data.total, count, 'the list counts exactly the users of the subtree');
      await sub.locator('.ant-table-row').first().waitFor();
      // The new user (in the subtree) is found, a user outside is not.
      assert.equal((await searchByUsername(sub, username, en.adminKit.search)).total, 1);
      await sub.locator('.ant-table-row').filter({ hasText: username }).waitFor();
      const outside = await searchByUsername(sub, OUTSIDE_USER, en.adminKit.search);
      assert.equal(outside.total, 0, `${OUTSIDE_USER} is outside the subtree`);
      await sub.locator('.ant-table-placeholder').waitFor();
      // Buttons by permission: the sub-administrator has no delete.
      assert.equal(await sub.getByRole('button', { name: en.adminKit.batchDelete }).count(), 0);
      await screenshot(sub, artifacts, 'users-subadmin-en-US');
      // Their department tree starts at their own department.
      await visit(sub, `${baseUrl}/admin/dept/index`);
      await sub.locator('.ant-tree-title').filter({ hasText: SUBTREE_ROOT_EN }).first().waitFor();
      assert.equal(await sub.locator('.ant-tree-title').filter({ hasText: en.deptAdmin.root }).count(), 0);
    } finally {
      await subContext.close();
    }

    // 5. A password reset ends the user's other session.
    const userContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const other = await userContext.newPage();
      await signInToShell(other, baseUrl, {
        lang: 'en-US',
        account: { username: RESET_USER, password: DEMO_PASSWORD },
      });
      await visit(page, `${baseUrl}/info/index`);
      await searchByUsername(page, RESET_USER, en.adminKit.search);
      const resetRowLocator = page.locator('.ant-table-row').filter({ hasText: RESET_USER });
      await resetRowLocator.waitFor();
      await resetRowLocator.getByRole('button', { name: en.userAdmin.actions.resetPwd }).click();
      const resetDialog = page
        .getByRole('dialog', { name: /./ })
        .filter({ hasText: en.userAdmin.resetPwd.intro });
      await resetDialog.waitFor();
      // The rules of S0.5.5: not the account name, complex enough, typed twice.
      await resetDialog.getByLabel(en.password.newPassword.label, { exact: true }).fill(RESET_USER);
      await expectText(page, en.password.newPassword.sameAsUsername, { within: resetDialog });
      await resetDialog.getByLabel(en.password.newPassword.label, { exact: true }).fill(RESET_PASSWORD);
      await resetDialog.getByLabel(en.password.confirmPassword.label, { exact: true }).fill('Other#2026a');
      await expectText(page, en.password.confirmPassword.mismatch, { within: resetDialog });
      await resetDialog.getByLabel(en.password.confirmPassword.label, { exact: true }).fill(RESET_PASSWORD);
      const reset = answered(page, '/admin/user/suPwd');
      await resetDialog.getByRole('button', { name: en.common.confirm }).click();
      const resetBody = await (await reset).json();
      assert.equal(resetBody.code, 0, `password reset: ${resetBody.msg}`);
      await expectText(page, en.userAdmin.resetPwd.done);
      // The user's next call is refused and the app goes back to the login page.
      await other.reload();
      await other.waitForURL(/\/login/, { timeout: 15_000 });
    } finally {
      await userContext.close();
    }

    // 6. Batch delete needs ticked rows (spec S0.5.17).
    await searchByUsername(page, '', en.adminKit.search);
    await page.getByRole('button', { name: en.adminKit.batchDelete }).click();
    await expectText(page, en.adminKit.noneTicked);

    // 7. The department is renamed; deleting it is refused while a user is in it, and it stays.
    await visit(page, `${baseUrl}/admin/dept/index`);
    const deptSearch = page.getByRole('searchbox', { name: en.deptAdmin.searchPlaceholder });
    await deptSearch.fill(deptName);
    await page.locator('.ant-tree-title').filter({ hasText: deptName }).first().click();
    await page.getByRole('button', { name: en.deptAdmin.edit }).click();
    const editDept = page.getByRole('dialog', { name: en.deptAdmin.form.editTitle });
    await editDept.getByLabel(en.deptAdmin.form.name).fill(`${deptName}R`);
    const renamed = answered(page, '/admin/dept');
    await editDept.getByRole('button', { name: en.common.confirm }).click();
    assert.equal((await (await renamed).json()).code, 0, 'department renamed');
    await expectText(page, `Organisation-${SUBTREE_ROOT_EN}-${deptName}R`);
    await page.getByRole('button', { name: en.deptAdmin.delete }).click();
    const refused = answered(page, `/admin/dept/${createdDeptId}`);
    await page.locator('.ant-modal-confirm').getByRole('button', { name: en.common.confirm }).click();
    const refusedBody = await (await refused).json();
    assert.notEqual(refusedBody.code, 0, 'a department with users cannot be deleted');
    await expectText(page, refusedBody.msg, { exact: false });
    await expectText(page, `Organisation-${SUBTREE_ROOT_EN}-${deptName}R`);
    await screenshot(page, artifacts, 'depts-en-US');

    // 375 px: the list still works on a phone-sized screen.
    await visit(page, `${baseUrl}/info/index`);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('heading', { name: en.userAdmin.title, level: 1 }).waitFor();
    await screenshot(page, artifacts, 'users-375-en-US');
  } finally {
    await db.query(
      `update sys_user set password_hash = $3, must_change_password = $4 where tenant_id = $1 and id = $2`,
      [tenantId, resetRow.id, resetRow.password_hash, resetRow.must_change_password],
    );
    await removeCreated(db, tenantId, username, createdDeptId);
  }
  assert.deepEqual(a11yFailures, [], a11yFailures.join('\n'));
}

/**
 * Removes the journey's user and department (hard delete; a row something else still points at keeps
 * the soft delete instead).
 * @param {import('../lib/db.mjs').Db} db
 * @param {number} tenantId
 * @param {string} username
 * @param {number | null} deptId
 */
async function removeCreated(db, tenantId, username, deptId) {
  try {
    await db.query(`delete from sys_user where tenant_id = $1 and username = $2`, [tenantId, username]);
  } catch {
    await db.query(
      `update sys_user set del_flag = true, dept_id = null where tenant_id = $1 and username = $2`,
      [tenantId, username],
    );
  }
  if (deptId === null) return;
  try {
    await db.query(`delete from dept where tenant_id = $1 and id = $2`, [tenantId, deptId]);
  } catch {
    await db.query(`update dept set del_flag = true where tenant_id = $1 and id = $2`, [tenantId, deptId]);
  }
}
