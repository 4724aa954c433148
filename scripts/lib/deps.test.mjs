import fs from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { SetupError, ensureSystemPackages, installSystemPackagesInBackground } from './deps.mjs';

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

  it.runIf(canRunApt())(
    'installs the optional packages first, and a required one only when they do not stand in for it',
    () => {
      const installed = new Set();
      const requirements = () => [
        { what: 'browser', pkgs: ['full'], ok: () => installed.has('full') || installed.has('shell') },
        { what: 'headless browser', pkgs: ['shell'], ok: () => installed.has('shell'), optional: true },
      ];
      const apt = (shellInstalls) =>
        vi.fn((_cmd, argv) => {
          if (!argv.includes('install')) return { status: 0 };
          if (argv.includes('shell') && !shellInstalls) return { status: 100 };
          for (const pkg of ['full', 'shell']) if (argv.includes(pkg)) installed.add(pkg);
          return { status: 0 };
        });
      const installs = (run) =>
        run.mock.calls.filter(([, argv]) => argv.includes('install')).map(([, argv]) => argv.at(-1));
      const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
      try {
        const withShell = apt(true);
        ensureSystemPackages(requirements(), withShell);
        expect(installs(withShell)).toEqual(['shell']);

        installed.clear();
        const withoutShell = apt(false);
        ensureSystemPackages(requirements(), withoutShell);
        expect(installs(withoutShell)).toEqual(['shell', 'full']);
        expect([...installed]).toEqual(['full']);
      } finally {
        log.mockRestore();
      }
    },
  );

  it('installs nothing when everything is there', () => {
    const run = vi.fn();
    ensureSystemPackages([{ what: 'present', pkgs: ['x'], ok: () => true, optional: true }], run);
    expect(run).not.toHaveBeenCalled();
  });
});

describe('system packages installed in the background', () => {
  const missing = [{ what: 'a browser', pkgs: ['x'], ok: () => false, optional: true }];
  const quietly = async (step) => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      return await step();
    } finally {
      log.mockRestore();
    }
  };

  it('starts nothing when everything is there', async () => {
    const installer = ['/no/such/installer'];
    const present = [{ what: 'present', pkgs: ['x'], ok: () => true }];
    await expect(installSystemPackagesInBackground({ requirements: present, installer })).resolves.toBe('');
  });

  it('runs the installer and answers its output, for the parts that need the packages to print', async () => {
    const installer = [process.execPath, '-e', 'console.log("unpacked"); console.error("set up")'];
    const output = await quietly(() =>
      installSystemPackagesInBackground({ requirements: missing, installer }),
    );
    expect(output).toContain('unpacked');
    expect(output).toContain('set up');
  });

  it("rejects with the installer's output when it fails, without an unhandled rejection before then", async () => {
    const installer = [process.execPath, '-e', 'console.error("apt-get install failed"); process.exit(1)'];
    const { done } = await quietly(() => ({
      done: installSystemPackagesInBackground({ requirements: missing, installer }),
    }));
    await new Promise((resolve) => setTimeout(resolve, 300)); // the installer has ended; nothing was thrown
    const err = await done.then(
      () => null,
      (e) => e,
    );
    expect(err).toBeInstanceOf(SetupError);
    expect(err.message).toMatch(/exit code 1[\s\S]*apt-get install failed/);
  });

  it.runIf(canRunApt())(
    'says at once what to run when a required package is missing and apt-get cannot run',
    () => {
      const run = vi.fn(() => ({ status: 1 })); // sudo asks for a password
      const installer = ['/no/such/installer'];
      const required = [{ what: 'the database', pkgs: ['postgresql-15'], ok: () => false }];
      const user = { requirements: required, run, installer, uid: 1000 };
      expect(() => installSystemPackagesInBackground(user)).toThrow(
        /Not running as root[\s\S]*apt-get install -y --no-install-recommends postgresql-15/,
      );
    },
  );
});
