import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The repository's lint configuration, run on small sources placed in the web app's folders: the layer
// rules of eslint.config.js must refuse each breach and let the allowed imports through.
const REPO = decodeURIComponent(new URL('../../../..', import.meta.url).pathname);
// Without the cycle rule, which these tests do not look at: it follows every import of the app from each
// source, three quarters of the file's time.
const eslint = new ESLint({ cwd: REPO, overrideConfig: { rules: { 'import-x/no-cycle': 'off' } } });

async function refusals(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: `${REPO}/apps/web/src/${file}` });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax')
    .map((m) => m.message);
}

describe('the web layers in lint (docs/modules.md)', () => {
  it("refuse a file inside another feature, statically or lazily, at any depth of the feature's folders", async () => {
    for (const [file, source] of [
      ['features/roles/x.ts', "export { a } from '../users/lib/user-actions';"],
      ['features/roles/components/x.ts', "export { a } from '../../auth/api/get-user-info';"],
      ['features/forms/components/widgets/x.ts', "export { a } from '../../../users/api/users';"],
      [
        'features/roles/components/x.ts',
        "export const a = () => import('../../users/components/users-page');",
      ],
    ] as const) {
      expect(await refusals(file, source), `${file}: ${source}`).toEqual([
        expect.stringContaining('index.ts'),
      ]);
    }
  }, 60_000);

  it('let a feature import another through its index, and its own files', async () => {
    for (const [file, source] of [
      ['features/roles/x.ts', "export { a } from '../users';"],
      ['features/roles/components/x.ts', "export { a } from '../../users';"],
      ['features/forms/components/widgets/x.ts', "export { a } from '../../lib/form-text';"],
      ['features/roles/components/x.ts', "export { a } from '../../../shared/admin/paging';"],
      ['features/roles/components/x.ts', "export const a = () => import('./role-form-dialog');"],
    ] as const) {
      expect(await refusals(file, source), `${file}: ${source}`).toEqual([]);
    }
  }, 60_000);

  it('refuse app/ in features and shared code, and features in shared code', async () => {
    for (const [file, source] of [
      ['features/navigation/model/x.ts', "export { HOME_PATH } from '../../../app/paths';"],
      ['shared/admin/x.ts', "export { a } from '../../app/router';"],
      ['shared/admin/x.ts', "export { a } from '../../features/users';"],
      ['shared/admin/x.ts', "export const a = () => import('../../features/users');"],
    ] as const) {
      expect((await refusals(file, source)).length, `${file}: ${source}`).toBe(1);
    }
    expect(await refusals('shared/admin/x.ts', "export { a } from '../feature/manifest';")).toEqual([]);
  }, 60_000);

  it('fail on a broken rule of hooks', async () => {
    const [result] = await eslint.lintText(
      "import { useState } from 'react';\nexport function A({ on }: { on: boolean }) {\n  if (on) useState(0);\n  return null;\n}\n",
      { filePath: `${REPO}/apps/web/src/features/roles/components/x.tsx` },
    );
    expect(result?.messages.map((m) => m.ruleId)).toContain('react-hooks/rules-of-hooks');
    expect(result?.errorCount).toBeGreaterThan(0);
  }, 60_000);
});
