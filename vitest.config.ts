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
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: true,
          maxWorkers: 2,
          // Vitest 4 runs projects with different maxWorkers only in different groups.
          sequence: { groupOrder: 1 },
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
