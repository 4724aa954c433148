import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { timed } from './costs.mjs';
import { APP_SPINNER } from './journey.mjs';

const require = createRequire(import.meta.url);
/** axe-core's browser build, read once. */
let axeSource = '';

/**
 * @typedef {{ id: string, impact?: string | null, help: string, helpUrl: string, description: string,
 *   tags: string[], nodes: Array<{ target: unknown[], html: string, failureSummary?: string }> }} Violation
 */

const BLOCKING = new Set(['serious', 'critical']);

/**
 * Runs axe-core on the page as it is now (WCAG and best-practice rules, violations only).
 * Writes every violation to e2e/artifacts/axe-<name>.json; throws, listing rule, impact, help and the first
 * element, if any violation is serious or critical. Minor and moderate ones are only in the file.
 *
 * `known`: rule ids of serious violations already reported and awaiting a fix in the app; they do not
 * fail the check, but a known rule that no longer occurs does (so the list only ever shrinks).
 * `include`: a CSS selector to check only that part of the page (one dialog, the page content), for a
 * journey about one screen inside a layout it does not own; by default the whole document.
 * @param {import('playwright-core').Page} page
 * @param {{ name: string, artifacts: { dir: string }, known?: string[], include?: string }} options
 *   name: file name part, e.g. 'login-zh-CN'
 * @returns {Promise<Violation[]>} all violations
 */
export async function checkA11y(page, options) {
  return timed('accessibility checks', () => runA11y(page, options));
}

/** @param {import('playwright-core').Page} page @param {Parameters<typeof checkA11y>[1]} options */
async function runA11y(page, { name, artifacts, known = [], include }) {
  axeSource ||= fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  const present = await page.evaluate(() => 'axe' in window);
  if (!present) await page.addScriptTag({ content: axeSource });
  // A page still showing the app's loading spinner is not the screen being checked (its text was once measured
  // mid-change of the brand colour): wait for it to go, at most 5 s, then check whatever is there.
  await page
    .locator(APP_SPINNER)
    .first()
    .waitFor({ state: 'detached', timeout: 5000 })
    .catch(() => undefined);
  // A dialog still fading in, or a row easing out of its hover colour, is not what the screen looks like at
  // rest: half-transparent link text measured mid-animation fails contrast at random.
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 5000 },
  );
  /** @type {Violation[]} */
  const violations = await page.evaluate(async (selector) => {
    const axe = /** @type {typeof import('axe-core')} */ (/** @type {any} */ (window).axe);
    const context = selector ? { include: [selector] } : document;
    const results = await axe.run(context, { resultTypes: ['violations'] });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      helpUrl: v.helpUrl,
      description: v.description,
      tags: v.tags,
      nodes: v.nodes.map((n) => ({ target: n.target, html: n.html, failureSummary: n.failureSummary })),
    }));
  }, include ?? null);
  const file = path.join(artifacts.dir, `axe-${name}.json`);
  fs.writeFileSync(file, `${JSON.stringify({ url: page.url(), violations }, null, 2)}\n`);
  const serious = violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  const blocking = serious.filter((v) => !known.includes(v.id));
  const gone = known.filter((id) => !serious.some((v) => v.id === id));
  if (gone.length) {
    throw new Error(
      `accessibility (${name}): ${gone.join(', ')} no longer reported on ${page.url()}: ` +
        'remove it from the known violations of this check',
    );
  }
  if (blocking.length) {
    const lines = blocking.map(
      (v) =>
        `  ${v.id} (${v.impact}): ${v.help}; ${v.nodes.length} element(s), first ${JSON.stringify(v.nodes[0]?.target ?? [])}`,
    );
    throw new Error(
      `accessibility (${name}): ${blocking.length} serious/critical axe violation(s) on ${page.url()}` +
        ` (all in ${path.basename(file)}):\n${lines.join('\n')}`,
    );
  }
  return violations;
}
