import fs from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { SetupError, ensureSystemPackages } from './deps.mjs';

// apt-get as a machine answers it when its sources lack the package: `update` works, `install` fails. The
// commands go to `run`, never to the machine; the steps only need apt-get to exist (Debian).
const canRunApt = () => fs.existsSync('/usr/bin/apt-get');
const refusingInstall = () => vi.fn((_cmd, argv) => ({ status: argv.includes('install') ? 100 : 0 }));

describe('system packages the suite needs', () => {
  it.runIf(canRunApt())('goes on without an optional package that cannot be installed, and says so', () => {
    const run = refusingInstall();
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      expect(() =>
        ensureSystemPackages(
          [{ what: 'a faster browser', pkgs: ['no-such-package'], ok: () => false, optional: true }],
          run,
        ),
      ).not.toThrow();
      expect(run.mock.calls.some(([, argv]) => argv.includes('no-such-package'))).toBe(true);
      expect(log.mock.calls.flat().join('\n')).toMatch(/Not installed, the suite goes on without it/);
    } finally {
      log.mockRestore();
    }
  });

  it.runIf(canRunApt())('stops with what to run when a required package cannot be installed', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      expect(() =>
        ensureSystemPackages(
          [{ what: 'the database', pkgs: ['no-such-package'], ok: () => false }],
          refusingInstall(),
        ),
      ).toThrow(SetupError);
    } finally {
      log.mockRestore();
    }
  });

  it('installs nothing when everything is there', () => {
    const run = vi.fn();
    ensureSystemPackages([{ what: 'present', pkgs: ['x'], ok: () => true, optional: true }], run);
    expect(run).not.toHaveBeenCalled();
  });
});
