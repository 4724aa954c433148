import assert from 'node:assert/strict';
import { checkA11y } from '../lib/axe.mjs';
import { readCatalogue } from '../lib/catalogues.mjs';
import { expectText, screenshot } from '../lib/journey.mjs';
import { signInToShell } from '../lib/shell.mjs';

export const name =
  "[spec:S0.4.9] [spec:S0.5.8] [spec:S0.9.2] signature: the dialog refuses an empty pad ('please sign'), a drawn signature is saved and shown on /signature";

const en = readCatalogue('en-US');

/** @param {import('../lib/journey.mjs').JourneyContext} journey */
export async function run({ page, baseUrl, artifacts }) {
  await signInToShell(page, baseUrl, { lang: 'en-US', to: '/signature' });
  await expectText(page, en.signature.none);
  await page.getByRole('button', { name: new RegExp(`${en.signature.sign}$`) }).click();
  const dialog = page.getByRole('dialog', { name: en.signature.dialogTitle });
  await dialog.waitFor();
  const canvas = dialog.getByTestId('signature-canvas');
  // 760x380 drawn in an 800 px dialog (spec S0.9.2).
  assert.equal(await canvas.evaluate((c) => /** @type {HTMLCanvasElement} */ (c).width), 760);
  assert.equal(await canvas.evaluate((c) => /** @type {HTMLCanvasElement} */ (c).height), 380);

  // Saving an empty pad is refused with the spec's message.
  await dialog.getByTestId('signature-save').click();
  await expectText(page, en.signature.issue.empty);

  // Draw a stroke with the mouse (pointer events) and save; measured once the opening animation is over.
  await page.waitForTimeout(500);
  const box = await canvas.boundingBox();
  assert.ok(box, 'the canvas is shown');
  await page.mouse.move(box.x + 40, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 12; i += 1) {
    await page.mouse.move(box.x + 40 + i * 30, box.y + box.height / 2 + (i % 2 ? 30 : -30));
  }
  await page.mouse.up();
  await screenshot(page, artifacts, 'signature-dialog-en-US');
  await checkA11y(page, { name: 'signature-dialog', artifacts, include: '.ant-modal' });
  const [saved] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/admin/team/editSign')),
    dialog.getByTestId('signature-save').click(),
  ]);
  assert.equal((await saved.json()).code, 0, 'signature stored');
  await dialog.waitFor({ state: 'hidden' });
  const stored = page.getByTestId('stored-signature');
  await stored.waitFor();
  assert.match(String(await stored.getAttribute('src')), /^data:image\/png;base64,/);

  // On a phone the pad scales to the screen and still draws.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.getByRole('button', { name: new RegExp(`${en.signature.signAgain}$`) }).click();
  await dialog.waitFor();
  await page.waitForTimeout(500);
  const small = await dialog.getByTestId('signature-canvas').boundingBox();
  assert.ok(small && small.width <= 375, 'the pad fits a 375 px screen');
  await screenshot(page, artifacts, 'signature-dialog-375-en-US');
  await dialog.getByRole('button', { name: en.common.cancel, exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}
