// Where Debian puts the browsers the suite uses: the journeys (e2e/run.mjs) and the system requirements
// (deps.mjs) read the paths here.
import fs from 'node:fs';

/** Debian's Chromium (package chromium). */
export const CHROMIUM_BIN = '/usr/bin/chromium';
/** The same Chromium built as the headless shell (package chromium-headless-shell). */
export const HEADLESS_SHELL_BIN = '/usr/bin/chromium-headless-shell';

/**
 * The browser the journeys launch: `override` (CHROMIUM_PATH) when set; without a window the headless shell
 * when it is installed (a fifth cheaper to run, docs/decisions.md), else the full Chromium; with a window
 * (E2E_HEADED=1) the full Chromium, which the shell cannot stand in for. `npm test` installs the full one only
 * where the shell cannot be (deps.mjs), so a missing one is said with what to install.
 * @param {{ headed: boolean, override?: string, exists?: (file: string) => boolean }} options
 * @returns {string}
 */
export function journeyBrowser({ headed, override, exists = fs.existsSync }) {
  if (override) return override;
  if (!headed && exists(HEADLESS_SHELL_BIN)) return HEADLESS_SHELL_BIN;
  if (exists(CHROMIUM_BIN)) return CHROMIUM_BIN;
  throw new Error(
    headed
      ? 'E2E_HEADED=1 shows the full Chromium, which is not installed: apt-get install chromium'
      : 'no Chromium is installed: apt-get install chromium-headless-shell',
  );
}
