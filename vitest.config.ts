import { defineConfig } from 'vitest/config';

// Inline projects resolve paths against this directory (the repository root).
export default defineConfig({
  test: {
    // Root-only option in Vitest 4: a project without test files yet must not fail the run.
    passWithNoTests: true,
    projects: [
      {
        test: {
          name: 'contracts',
          environment: 'node',
          include: ['packages/contracts/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'forms',
          environment: 'node',
          include: ['packages/forms/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'scheduling',
          environment: 'node',
          include: ['packages/scheduling/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'scoring',
          environment: 'node',
          include: ['packages/scoring/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'crisis-rules',
          environment: 'node',
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
          maxWorkers: 2,
          // Vitest 4 runs projects with different maxWorkers only in different groups.
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'scripts',
          environment: 'node',
          include: ['scripts/**/*.test.mjs'],
        },
      },
      {
        test: {
          name: 'web',
          environment: 'node',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
});
