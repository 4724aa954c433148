// Vitest global setup of the server project: migrates and seeds once per run, so each test file starts
// from a copy (test/template.ts) instead of migrating and seeding its own database.
import type { TestProject } from 'vitest/node';
import { buildTemplates, type TestTemplates } from './template';

declare module 'vitest' {
  export interface ProvidedContext {
    serverTestTemplates: TestTemplates;
  }
}

export default async function setup(project: TestProject) {
  const { templates, dispose } = await buildTemplates(process.env.TEST_DATABASE_URL || undefined);
  project.provide('serverTestTemplates', templates);
  return dispose;
}
