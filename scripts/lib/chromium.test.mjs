import { describe, expect, it } from 'vitest';
import { CHROMIUM_BIN, HEADLESS_SHELL_BIN, journeyBrowser } from './chromium.mjs';

const installed =
  (...files) =>
  (file) =>
    files.includes(file);

describe("the journeys' browser", () => {
  it('is the headless shell when it is installed, else the full Chromium', () => {
    const both = installed(HEADLESS_SHELL_BIN, CHROMIUM_BIN);
    expect(journeyBrowser({ headed: false, exists: both })).toBe(HEADLESS_SHELL_BIN);
    expect(journeyBrowser({ headed: false, exists: installed(CHROMIUM_BIN) })).toBe(CHROMIUM_BIN);
  });

  it('is the full Chromium with a window, and says what to install when it is missing', () => {
    expect(journeyBrowser({ headed: true, exists: installed(HEADLESS_SHELL_BIN, CHROMIUM_BIN) })).toBe(
      CHROMIUM_BIN,
    );
    expect(() => journeyBrowser({ headed: true, exists: installed(HEADLESS_SHELL_BIN) })).toThrow(
      'E2E_HEADED=1 shows the full Chromium, which is not installed: apt-get install chromium',
    );
    expect(() => journeyBrowser({ headed: false, exists: installed() })).toThrow(
      /no Chromium is installed: apt-get install chromium-headless-shell/,
    );
  });

  it('is the one CHROMIUM_PATH names, whatever is installed', () => {
    expect(journeyBrowser({ headed: true, override: '/opt/chrome', exists: installed() })).toBe(
      '/opt/chrome',
    );
  });
});
