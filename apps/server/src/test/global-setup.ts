// Vitest global setup of the server project: migrates and seeds once per run, so each test file starts
// from a copy (test/template.ts) instead of migrating and seeding its own database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildTemplates, type TestTemplates } from './template';

declare module 'vitest' {
  export interface ProvidedContext {
    serverTestTemplates: TestTemplates;
  }
}

/** The folder name of a run's temporary files (template.test.ts checks that the workers use one). */
export const RUN_TEMP_PREFIX = 'psy-server-tests-';

export default async function setup(project: TestProject) {
  // Every temporary file of the run (templates, file storage, data directories, logs of started servers)
  // goes under one folder, removed at the end: the workers and the processes they start inherit TMPDIR,
  // which os.tmpdir() reads. Before, each run left about two hundred folders behind, whatever a test forgot.
  const previous = process.env.TMPDIR;
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), RUN_TEMP_PREFIX));
  process.env.TMPDIR = runDir;
  const { templates, dispose } = await buildTemplates(process.env.TEST_DATABASE_URL || undefined);
  project.provide('serverTestTemplates', templates);
  return async () => {
    await dispose();
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    fs.rmSync(runDir, { recursive: true, force: true });
  };
}
