import assert from 'node:assert/strict';
import { checkA11y } from '../lib/axe.mjs';
import { interpolate, readCatalogue } from '../lib/catalogues.mjs';
import { screenshot } from '../lib/journey.mjs';
import { signInToShell } from '../lib/shell.mjs';

export const name =
  '[spec:S0.1.6] [spec:S0.1.3] [spec:S0.9.11] settings panel: eight switches on, version and copyright, tags off survives a reload';

const zh = readCatalogue('zh-CN');
const en = readCatalogue('en-US');
const SWITCHES = ['tags', 'log', 'theme', 'themeColor', 'fullScreen', 'lock', 'collapse', 'topMenu'];

/** @param {import('../lib/journey.mjs').JourneyContext} journey */
export async function run({ page, baseUrl, artifacts }) {
  const a11yFailures = /** @type {string[]} */ ([]);
  /** @param {string} label */
  const a11y = async (label) => {
    // The panel's dialog can be found by its name a moment before its wrapper carries the class checked here.
    await page.locator('.psy-settings-drawer').first().waitFor();
    await checkA11y(page, { name: label, artifacts, include: '.psy-settings-drawer' }).catch(
      (/** @type {Error} */ e) => a11yFailures.push(e.message),
    );
  };
  // The version shown comes from the same constant the server answers on /health.
  const health = await (await fetch(`${baseUrl}/health`)).json();
  assert.ok(health.version, 'the server reports its version');

  await signInToShell(page, baseUrl, { lang: 'zh-CN' });
  const banner = page.getByRole('banner');
  const tabBar = page.getByRole('navigation', { name: zh.layout.tabs });
  await tabBar.waitFor();

  // Open the panel from the gear of the top bar: eight switches, all on, then version and copyright.
  await banner.getByRole('button', { name: zh.preferences.settings, exact: true }).click();
  const drawer = page.getByRole('dialog', { name: zh.preferences.settings });
  await drawer.waitFor();
  const switches = drawer.getByRole('switch');
  assert.equal(await switches.count(), 8, 'eight switches');
  for (const key of SWITCHES) {
    const control = drawer.getByRole('switch', { name: zh.preferences.switches[key], exact: true });
    assert.equal(await control.getAttribute('aria-checked'), 'true', `${key} starts on`);
  }
  await drawer
    .getByText(interpolate(zh.preferences.version, { version: health.version }), { exact: true })
    .waitFor();
  await drawer
    .getByText(interpolate(zh.preferences.copyright, { years: '2018-2025' }), { exact: true })
    .waitFor();
  const scrollHeight = await drawer
    .locator('ul')
    .evaluate((list) => list.parentElement?.getBoundingClientRect().height);
  assert.equal(scrollHeight, 500, 'the scroll area is 500 px high');
  await screenshot(page, artifacts, 'settings-zh-CN');
  await a11y('settings-zh-CN');

  // Tags off: the tab bar goes at once; after a reload the switch and the layout stay that way.
  const tagsSwitch = () => page.getByRole('switch', { name: zh.preferences.switches.tags, exact: true });
  await tagsSwitch().click();
  assert.equal(await tagsSwitch().getAttribute('aria-checked'), 'false');
  await tabBar.waitFor({ state: 'detached' });
  await page.reload();
  await banner.waitFor();
  await page.getByRole('navigation', { name: zh.layout.sideMenu }).first().waitFor();
  assert.equal(await tabBar.count(), 0, 'the tab bar stays hidden after a reload');
  await banner.getByRole('button', { name: zh.preferences.settings, exact: true }).click();
  await drawer.waitFor();
  assert.equal(
    await tagsSwitch().getAttribute('aria-checked'),
    'false',
    'the stored value is the start value',
  );
  await tagsSwitch().click();
  await tabBar.waitFor();

  // Each other switch shows or hides its control of the top bar or the sidebar.
  const controls = {
    log: () => banner.getByRole('button', { name: zh.clientLogs.title }),
    theme: () => banner.getByRole('button', { name: zh.preferences.theme, exact: true }),
    themeColor: () => banner.getByRole('button', { name: zh.preferences.themeColor, exact: true }),
    lock: () => banner.getByRole('button', { name: zh.lock.lockScreen, exact: true }),
    collapse: () => page.getByRole('button', { name: zh.layout.collapse, exact: true }),
    topMenu: () => banner.getByRole('tablist'),
  };
  for (const [key, control] of Object.entries(controls)) {
    assert.equal(await control().count(), 1, `${key}: its control is shown`);
    const toggle = drawer.getByRole('switch', { name: zh.preferences.switches[key], exact: true });
    await toggle.click();
    await control().waitFor({ state: 'detached' });
    await toggle.click();
    await control().waitFor();
  }

  // The same panel in English.
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'hidden' });
  await banner.getByText(zh.language['en-US'], { exact: true }).click();
  await banner.getByRole('button', { name: en.preferences.settings, exact: true }).click();
  const enDrawer = page.getByRole('dialog', { name: en.preferences.settings });
  await enDrawer.waitFor();
  for (const key of SWITCHES) {
    await enDrawer.getByRole('switch', { name: en.preferences.switches[key], exact: true }).waitFor();
  }
  await enDrawer
    .getByText(interpolate(en.preferences.version, { version: health.version }), { exact: true })
    .waitFor();
  await enDrawer
    .getByText(interpolate(en.preferences.copyright, { years: '2018-2025' }), { exact: true })
    .waitFor();
  await screenshot(page, artifacts, 'settings-en-US');
  await a11y('settings-en-US');

  assert.deepEqual(a11yFailures, [], a11yFailures.join('\n'));
}
