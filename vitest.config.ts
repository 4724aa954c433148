import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * Test files of a folder, split by whether they need modules of their own. Most tests of the packages and
 * the web are pure and share a worker's modules (`isolate: false`), which took the run of these projects from
 * 67 to 20 seconds: importing the modules again for every file was three quarters of it. A file that mocks
 * modules, stubs globals, fakes timers or says "Needs fresh modules" (it reads a module's state) gets a
 * fresh set, as every file did before.
 */
function testFiles(dir: string, pattern: RegExp) {
  const all = (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((e) => e.isFile() && pattern.test(e.name))
    .map((e) =>
      path
        .relative(import.meta.dirname, path.join(e.parentPath, e.name))
        .split(path.sep)
        .join('/'),
    )
    .filter((file) => !file.includes('/node_modules/'))
    .sort();
  const needsFresh = (file: string) =>
    /\bvi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers|resetModules)\(|Needs fresh modules/.test(
      fs.readFileSync(file, 'utf8'),
    );
  return { shared: all.filter((f) => !needsFresh(f)), fresh: all.filter(needsFresh) };
}
const web = testFiles('apps/web/src', /\.test\.tsx?$/);

// Inline projects resolve paths against this directory (the repository root).
export default defineConfig({
  test: {
    // Root-only option in Vitest 4: a project without test files yet must not fail the run.
    passWithNoTests: true,
    // Every project on every core. Vitest's default is one worker fewer than the cores, which on a 2-core
    // machine ran the packages' and the web's tests one file at a time, with a core idle for their 35 s.
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        test: {
          name: 'contracts',
          environment: 'node',
          isolate: false,
          include: ['packages/contracts/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'forms',
          environment: 'node',
          isolate: false,
          include: ['packages/forms/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'scheduling',
          environment: 'node',
          isolate: false,
          include: ['packages/scheduling/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'scoring',
          environment: 'node',
          isolate: false,
          include: ['packages/scoring/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'crisis-rules',
          environment: 'node',
          isolate: false,
          include: ['packages/crisis-rules/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['apps/server/src/**/*.test.ts'],
          // Migrates and seeds once per run; each file starts from a copy (apps/server/src/test/template.ts).
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          pool: 'forks',
          // A worker imports the app once and runs file after file in it, instead of importing it again
          // for every file (a third of the CPU time of the project). Each file still has a database of its
          // own; the server keeps no module-level state a test depends on, and no server test mocks modules,
          // stubs globals or fakes timers (such a test would need a project with isolation).
          isolate: false,
          // Generous: the machine is shared, and a file that takes 10 s alone has taken 30 under load.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: true,
          // On PGlite the database runs inside the worker: a worker per core (three on two cores took 208 s
          // instead of 183). On PostgreSQL a worker waits on the server's processes, which left a sixth of
          // the cores idle with a worker per core: one more took the project from 108 to 93 s on two cores.
          // At most 8 (9): each worker's databases hold up to 15 connections, and the suite's temporary
          // PostgreSQL allows 200 (scripts/lib/pg-temp.mjs).
          maxWorkers: Math.min(os.availableParallelism(), 8) + (process.env.TEST_DATABASE_URL ? 1 : 0),
          // Vitest 4 runs projects with different maxWorkers only in different groups.
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'scripts',
          environment: 'node',
          isolate: false,
          include: ['scripts/**/*.test.mjs', 'e2e/lib/**/*.test.mjs'],
        },
      },
      {
        test: {
          name: 'web',
          environment: 'node',
          isolate: false,
          include: web.shared,
        },
      },
      {
        test: {
          name: 'web-fresh',
          environment: 'node',
          include: web.fresh,
        },
      },
    ],
  },
});
