import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compileErrors, validate } from '@readme/openapi-parser';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let doc: Record<string, unknown>;
beforeAll(async () => {
  t = await createTestContext();
  const res = await t.app.app.inject({ method: 'GET', url: '/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => t?.close());

/** Every `$ref` in the document, with where it is. */
function refsOf(value: unknown, at = '#'): { at: string; ref: string }[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => refsOf(v, `${at}/${i}`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) =>
    k === '$ref' && typeof v === 'string' ? [{ at, ref: v }] : refsOf(v, `${at}/${k}`),
  );
}

describe('the served OpenAPI document', () => {
  it('points every reference at a schema the document has (recursive trees become components)', () => {
    const schemas = (doc.components as { schemas: Record<string, unknown> }).schemas;
    const refs = refsOf(doc);
    // The department and menu trees refer to themselves.
    expect(refs.map((r) => r.ref)).toContain('#/components/schemas/DeptNode');
    for (const { at, ref } of refs) {
      const name = /^#\/components\/schemas\/(.+)$/.exec(ref)?.[1];
      expect(name && schemas[name], `${ref} at ${at}`).toBeTruthy();
    }
    const tree = (doc.paths as Record<string, Record<string, unknown>>)['/admin/dept/tree']!.get as {
      responses: {
        '200': { content: { 'application/json': { schema: { properties: { data: unknown } } } } };
      };
    };
    expect(tree.responses['200'].content['application/json'].schema.properties.data).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/DeptNode' },
    });
  });

  it('is the same when the app is built again in the same process (schema conversions are reused)', async () => {
    const again = await createTestContext();
    try {
      const res = await again.app.app.inject({ method: 'GET', url: '/openapi.json' });
      expect(res.json()).toEqual(doc);
    } finally {
      await again.close();
    }
  });

  it('is valid OpenAPI 3.1 for a maintained validator', async () => {
    // The validator dereferences as it goes; give it a copy.
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  });

  it('generates a typed client that compiles against the department tree and the login call', async () => {
    const types = astToString(await openapiTS(structuredClone(doc) as never));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psy-openapi-'));
    try {
      fs.writeFileSync(path.join(dir, 'api.ts'), types);
      // A small client that uses the generated types the way a caller would; it must compile, and a
      // wrong field must not (checked by the second file).
      fs.writeFileSync(
        path.join(dir, 'use.ts'),
        [
          "import type { components, paths } from './api';",
          "type Tree = paths['/admin/dept/tree']['get']['responses']['200']['content']['application/json'];",
          'export const names = (tree: Tree): string[] =>',
          '  tree.data.flatMap((n: components["schemas"]["DeptNode"]) => [n.name, ...n.children.map((c) => c.label)]);',
          "type Login = paths['/auth/oauth/token']['post'];",
          "export const grant: Login['parameters']['query']['grant_type'] = 'password';",
        ].join('\n'),
      );
      fs.writeFileSync(
        path.join(dir, 'wrong.ts'),
        [
          "import type { components } from './api';",
          "export const wrong = (n: components['schemas']['DeptNode']): number => n.name;",
        ].join('\n'),
      );
      // One program for both files (loading the standard library once is most of the cost).
      const program = ts.createProgram(
        ['use.ts', 'wrong.ts'].map((f) => path.join(dir, f)),
        {
          strict: true,
          noEmit: true,
          target: ts.ScriptTarget.ES2022,
          lib: ['lib.es2022.d.ts'],
          module: ts.ModuleKind.ESNext,
          moduleResolution: ts.ModuleResolutionKind.Bundler,
          skipLibCheck: true,
          types: [],
        },
      );
      const diagnosticsOf = (file: string) =>
        ts
          .getPreEmitDiagnostics(program, program.getSourceFile(path.join(dir, file)))
          .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      expect(diagnosticsOf('use.ts')).toEqual([]);
      expect(diagnosticsOf('wrong.ts').join('\n')).toMatch(/not assignable to type 'number'/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
