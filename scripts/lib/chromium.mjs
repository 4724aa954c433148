// Where Debian puts the browsers the suite uses: the journeys (e2e/run.mjs) and the system requirements
// (deps.mjs) read the paths here.

/** Debian's Chromium (package chromium). */
export const CHROMIUM_BIN = '/usr/bin/chromium';
/** The same Chromium built as the headless shell (package chromium-headless-shell). */
export const HEADLESS_SHELL_BIN = '/usr/bin/chromium-headless-shell';
