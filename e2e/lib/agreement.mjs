import assert from 'node:assert/strict';
import { readCatalogue } from './catalogues.mjs';

/**
 * The start-up agreement as `GET /admin/agreement/mine` answers it.
 * @typedef {{ mustAgree: boolean, agreed: boolean, title: string, content: string, formName: string,
 *   form: { formId: number } | null }} MyAgreement
 */

/**
 * Accepts the start-up agreement dialog for journeys that only need to get past it (spec S0.4.1). With
 * the school's agreement form bound (`agreement.form`, the demo school's seeded form), the first option
 * of its `agree` question is chosen and the form submitted (and confirmed); otherwise the footer's
 * "Agree". Returns once the agreement is recorded and the dialog closed.
 * @param {import('playwright-core').Page} page
 * @param {MyAgreement} agreement
 * @param {'zh-CN' | 'en-US'} lang the language the page is in
 */
export async function acceptAgreement(page, agreement, lang) {
  const texts = readCatalogue(lang);
  const dialog = page.getByRole('dialog', { name: agreement.title || texts.agreement.defaultTitle });
  await dialog.waitFor();
  const saved = page.waitForResponse((r) => r.url().includes('/admin/agreement/save'));
  if (agreement.form) {
    const form = dialog.getByTestId('agreement-form').locator('form');
    await form.waitFor();
    const agree = form.locator('[data-prop="agree"] input[type="radio"]').first();
    if ((await agree.count()) > 0 && !(await agree.isChecked())) await agree.check();
    await form.getByTestId('form-submit').click();
    const confirm = page.getByRole('dialog').filter({ hasText: texts.forms.confirmSubmit });
    await confirm.getByRole('button', { name: texts.common.confirm, exact: true }).click();
  } else {
    await dialog.getByRole('button', { name: texts.agreement.agree, exact: true }).click();
  }
  const answer = await saved;
  assert.equal((await answer.json()).code, 0, 'agreement saved');
  await dialog.waitFor({ state: 'hidden' });
}

/**
 * Removes a user's agreement and the answer of the agreement form they gave with it (eventSign
 * `agreement:<userId>`), so the next sign-in meets the dialog again. The journey database user is the
 * owner, which may delete answer editions (append-only for the application role).
 * @param {import('./db.mjs').Db} db
 * @param {{ tenantId: number, id: number }} user
 */
export async function removeAgreement(db, user) {
  await db.query('delete from agreement_record where tenant_id = $1 and user_id = $2', [
    user.tenantId,
    user.id,
  ]);
  const eventSign = `agreement:${user.id}`;
  await db.query(
    `delete from form_answer_edition where tenant_id = $1 and answer_id in
       (select id from form_answer where tenant_id = $1 and user_id = $2 and event_sign = $3)`,
    [user.tenantId, user.id, eventSign],
  );
  await db.query('delete from form_answer where tenant_id = $1 and user_id = $2 and event_sign = $3', [
    user.tenantId,
    user.id,
    eventSign,
  ]);
}

/**
 * Runs `during` (a sign-in) and returns its result with the start-up agreement the app read meanwhile
 * (`GET /admin/agreement/mine`). Each answer's body is read as it arrives and the first readable one is
 * taken: the start-up prefetch asks before the role choice reloads the page, and an answer to a page that
 * has navigated since has no body any more; the reloaded page asks again.
 * @template T
 * @param {import('playwright-core').Page} page
 * @param {() => Promise<T>} during
 * @returns {Promise<[T, MyAgreement | null]>}
 */
export async function agreementDuring(page, during) {
  /** @type {Promise<{ code: number, data: MyAgreement } | null>[]} */
  const reads = [];
  /** @param {import('playwright-core').Response} response */
  const onResponse = (response) => {
    if (response.url().includes('/admin/agreement/mine')) reads.push(response.json().catch(() => null));
  };
  page.on('response', onResponse);
  try {
    const result = await during();
    const deadline = Date.now() + 30_000;
    for (;;) {
      const body = (await Promise.all(reads)).find((b) => b !== null);
      if (body) {
        assert.equal(body.code, 0, 'agreement/mine answered');
        return [result, body.data];
      }
      if (Date.now() > deadline) throw new Error('no readable answer of /admin/agreement/mine within 30 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    page.off('response', onResponse);
  }
}
