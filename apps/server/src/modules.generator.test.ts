import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readModuleLayers } from '../../../scripts/lib/module-layers.mjs';
import { writeModule } from '../../../scripts/new-module.mjs';

/*
 * `npm run new:module -- <name>` (scripts/new-module.mjs) run into a copy of the server and contracts
 * sources under .tmp/: the skeleton lands where docs/modules.md says, joins the module list and the
 * permission keys, and type-checks against the core and the contracts. (That its own test passes on a
 * migrated database is checked by hand: the migration step runs drizzle-kit.)
 */
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let root: string;

beforeAll(() => {
  // Inside the repository, so packages resolve from its node_modules; .tmp/ is ignored by git.
  // A fresh checkout has no .tmp/ yet.
  fs.mkdirSync(path.join(REPO, '.tmp'), { recursive: true });
  root = fs.mkdtempSync(path.join(REPO, '.tmp', 'new-module-'));
  for (const dir of ['apps/server/src', 'packages/contracts/src']) {
    fs.cpSync(path.join(REPO, dir), path.join(root, dir), { recursive: true });
  }
  // The server's own dependencies (not hoisted to the root's node_modules).
  fs.symlinkSync(path.join(REPO, 'apps/server/node_modules'), path.join(root, 'apps/server/node_modules'));
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('the module generator', () => {
  it('writes the skeleton, the list line and the permission keys, refusing a second run', () => {
    const written = writeModule(root, 'case-notes', { product: 'CONSULT' });
    const dir = 'apps/server/src/modules/case-notes';
    for (const file of [
      'index.ts',
      'case-notes.routes.ts',
      'case-notes.service.ts',
      'case-notes.repository.ts',
    ]) {
      expect(written).toContain(`${dir}/${file}`);
    }
    for (const file of ['case-notes.table.ts', 'case-notes.policy.ts', 'case-notes.test.ts']) {
      expect(fs.existsSync(path.join(root, dir, file)), file).toBe(true);
    }
    expect(fs.existsSync(path.join(root, 'packages/contracts/src/case-notes.contract.ts'))).toBe(true);
    const list = fs.readFileSync(path.join(root, 'apps/server/src/modules/index.ts'), 'utf8');
    expect(list).toContain("import { caseNotesModule } from './case-notes';");
    // The last entry of the list: business modules come after the platform.
    expect(list).toMatch(/ {2}caseNotesModule,\n\];/);
    const perms = fs.readFileSync(path.join(root, 'packages/contracts/src/permissions.ts'), 'utf8');
    expect(perms).toContain("  'case_notes',\n  'case_notes_edit',\n] as const;");
    expect(readModuleLayers(path.join(root, 'apps/server/src/modules'))).toContainEqual({
      name: 'case-notes',
      layer: 'business',
    });
    expect(() => writeModule(root, 'case-notes')).toThrow('exists already');
    expect(() => writeModule(root, 'Case_Notes')).toThrow('kebab-case');
  });

  it('type-checks with the server it joins', () => {
    const config = ts.readConfigFile(path.join(REPO, 'tsconfig.base.json'), ts.sys.readFile).config;
    const { options } = ts.convertCompilerOptionsFromJson(
      {
        ...config.compilerOptions,
        types: ['node'],
        paths: {
          '@psy/contracts': [path.join(root, 'packages/contracts/src/index.ts')],
          '@psy/forms': [path.join(REPO, 'packages/forms/src/index.ts')],
        },
      },
      root,
    );
    // The module's files with the core (whose files declare what Fastify's types gain) and the contracts;
    // its test joins the whole app, which the server's own type check covers.
    const tsFiles = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
        const p = path.join(dir, e.name);
        return e.isDirectory()
          ? tsFiles(p)
          : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')
            ? [p]
            : [];
      });
    const files = [
      ...tsFiles(path.join(root, 'apps/server/src/modules/case-notes')),
      ...tsFiles(path.join(root, 'apps/server/src/core')),
    ];
    const program = ts.createProgram(files, options);
    // The files the generator wrote or changed; the core's own errors are the server's type check's to find
    // (checking only these took the test from 12.5 to 3.8 s).
    const generated = (file: string) =>
      file.includes('/case-notes') || file.endsWith('packages/contracts/src/permissions.ts');
    const checked = program.getSourceFiles().filter((sf) => generated(sf.fileName));
    expect(checked.map((sf) => path.basename(sf.fileName))).toEqual(
      expect.arrayContaining([
        'index.ts',
        'case-notes.routes.ts',
        'case-notes.contract.ts',
        'permissions.ts',
      ]),
    );
    const errors = [
      ...program.getOptionsDiagnostics(),
      ...program.getGlobalDiagnostics(),
      ...checked.flatMap((sf) => [
        ...program.getSyntacticDiagnostics(sf),
        ...program.getSemanticDiagnostics(sf),
      ]),
    ].map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    expect(errors).toEqual([]);
  }, 120_000);
});
