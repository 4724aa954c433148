#!/usr/bin/env node
// npm run new:module -- <name> [--product CODE] [--platform] [--no-migration] [--root DIR]
//
// Writes the server skeleton of a module (docs/modules.md "Adding a module"): the manifest, routes,
// service, repository, table, policy and a test that passes; the contract file in packages/contracts;
// the module's line in apps/server/src/modules/index.ts, its permission keys in the contracts' union;
// then drizzle-kit's migration of its table. The web side is the web feature's own recipe.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/module-layers.mjs';

const USAGE =
  'usage: npm run new:module -- <name> [--product CODE] [--platform] [--no-migration] [--root DIR]\n' +
  '  <name>: kebab-case, e.g. case-notes; --product: the catalogue product its menu joins (default SYSTEM)';

function parseArgs(argv) {
  const out = { name: null, product: 'SYSTEM', layer: 'business', migration: true, root: ROOT };
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--product') out.product = argv[++i];
    else if (a === '--platform') out.layer = 'platform';
    else if (a === '--no-migration') out.migration = false;
    else if (a === '--root') out.root = path.resolve(argv[++i]);
    else if (a === '--help' || a === '-h') out.help = true;
    else if (!a.startsWith('-') && !out.name) out.name = a;
    else throw new Error(`unknown argument ${a}\n${USAGE}`);
  }
  return out;
}

export const namesOf = (name) => {
  const camel = name.replace(/-([a-z0-9])/g, (_, c) => c.toUpperCase());
  return {
    kebab: name,
    camel,
    pascal: camel[0].toUpperCase() + camel.slice(1),
    snake: name.replace(/-/g, '_'),
  };
};

/** The files of the skeleton, by path from the repository root. */
export function skeleton(name, { product = 'SYSTEM', layer = 'business' } = {}) {
  const n = namesOf(name);
  const key = n.snake;
  const editKey = `${n.snake}_edit`;
  const dir = `apps/server/src/modules/${n.kebab}`;
  const files = {};

  files[`packages/contracts/src/${n.kebab}.contract.ts`] = `import { z } from 'zod';
import { boundedPageQuery, dateTimeSchema } from './common';
import { defineEndpoint, pageOf } from './endpoint';
import type { PermissionKey } from './permissions';

/** ${n.pascal} (TODO: what it is and the spec items it serves). */
export const ${n.snake.toUpperCase()}_PERMISSION = '${key}' satisfies PermissionKey;
export const ${n.snake.toUpperCase()}_EDIT_PERMISSION = '${editKey}' satisfies PermissionKey;

export const ${n.camel}Schema = z.object({
  id: z.number().int(),
  name: z.string(),
  createTime: dateTimeSchema,
});
export type ${n.pascal} = z.infer<typeof ${n.camel}Schema>;

export const ${n.camel}PageEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/${n.camel}/page',
  summary: 'A page of the school\\'s ${n.kebab} entries, newest first',
  tags: ['${n.kebab}'],
  query: boundedPageQuery(100),
  response: pageOf(${n.camel}Schema),
});

export const ${n.camel}InsertEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/${n.camel}/insert',
  summary: 'Adds an entry',
  tags: ['${n.kebab}'],
  body: z.object({ name: z.string().trim().min(1, 'required').max(100, 'at most 100 characters') }),
  response: ${n.camel}Schema,
});
`;

  files[`${dir}/${n.kebab}.table.ts`] = `import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, tenantIdColumn, tenantIsolation, updatedAt } from '../../core/db/columns';

/** An entry of ${n.kebab} (TODO: what a row is). Tenant-owned: row-level security keeps it to its school. */
export const ${n.camel} = pgTable(
  '${n.snake}',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), tenantIsolation()],
);
`;

  files[`${dir}/${n.kebab}.repository.ts`] = `import { and, count, desc, eq } from 'drizzle-orm';
import type { TenantScope } from '../../core/db/database';
import { ${n.camel} } from './${n.kebab}.table';

export type ${n.pascal}Row = typeof ${n.camel}.$inferSelect;

export async function find${n.pascal}Page({ tx, tenantId }: TenantScope, page: { offset: number; limit: number }) {
  const where = eq(${n.camel}.tenantId, tenantId);
  const rows = await tx
    .select()
    .from(${n.camel})
    .where(where)
    .orderBy(desc(${n.camel}.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await tx.select({ n: count() }).from(${n.camel}).where(and(where));
  return { rows, total: total?.n ?? 0 };
}

export async function insert${n.pascal}({ tx, tenantId }: TenantScope, values: { name: string }) {
  const [row] = await tx
    .insert(${n.camel})
    .values({ ...values, tenantId })
    .returning();
  return row!;
}
`;

  files[`${dir}/${n.kebab}.service.ts`] = `import type { ${n.pascal} } from '@psy/contracts';
import { pageAnswer, pageWindow } from '../../core/db/paging';
import type { TenantScope } from '../../core/db/database';
import { find${n.pascal}Page, insert${n.pascal}, type ${n.pascal}Row } from './${n.kebab}.repository';

/** Rows never leave the server as they are. */
function to${n.pascal}(r: ${n.pascal}Row): ${n.pascal} {
  return { id: r.id, name: r.name, createTime: r.createdAt.toISOString() };
}

/** A page of the school's entries, newest first. */
export async function list${n.pascal}(scope: TenantScope, q: { current: number; size: number }) {
  const { rows, total } = await find${n.pascal}Page(scope, pageWindow(q));
  return pageAnswer(q, rows.map(to${n.pascal}), total);
}

/** Adds an entry. */
export async function add${n.pascal}(scope: TenantScope, body: { name: string }): Promise<${n.pascal}> {
  return to${n.pascal}(await insert${n.pascal}(scope, body));
}
`;

  files[`${dir}/${n.kebab}.policy.ts`] =
    `import { ${n.snake.toUpperCase()}_EDIT_PERMISSION, ${n.snake.toUpperCase()}_PERMISSION } from '@psy/contracts';
import { permission } from '../../core/http/context';

/** Who may do what: the page's key lists, the edit button's key changes. */
export const ${n.snake.toUpperCase()}_ACCESS = {
  view: permission(${n.snake.toUpperCase()}_PERMISSION, ${n.snake.toUpperCase()}_EDIT_PERMISSION),
  edit: permission(${n.snake.toUpperCase()}_EDIT_PERMISSION),
} as const;
`;

  files[`${dir}/${n.kebab}.routes.ts`] =
    `import { ${n.camel}InsertEndpoint, ${n.camel}PageEndpoint } from '@psy/contracts';
import { defineRoute, type RouteDef } from '../../core/http/register';
import { ${n.snake.toUpperCase()}_ACCESS } from './${n.kebab}.policy';
import { add${n.pascal}, list${n.pascal} } from './${n.kebab}.service';

export const ${n.camel}Routes = (): RouteDef[] =>
  [
    defineRoute({
      endpoint: ${n.camel}PageEndpoint,
      access: ${n.snake.toUpperCase()}_ACCESS.view,
      handler: async ({ scope, query }) => list${n.pascal}(scope, query),
    }),
    defineRoute({
      endpoint: ${n.camel}InsertEndpoint,
      access: ${n.snake.toUpperCase()}_ACCESS.edit,
      handler: async ({ scope, body }) => add${n.pascal}(scope, body),
    }),
  ] as RouteDef[];
`;

  files[`${dir}/index.ts`] = `import type { ModuleManifest } from '../../core/module';
import { ${n.camel}Routes } from './${n.kebab}.routes';

/** ${n.pascal} (TODO: one line on what the module serves; docs/modules.md). */
export const ${n.camel}Module: ModuleManifest = {
  name: '${n.kebab}',
  layer: '${layer}',
  routes: () => ${n.camel}Routes(),
  catalog: {
    menus: [
      {
        product: '${product}',
        // TODO: the entry's place among the product's menus (unique in the product).
        order: 900,
        code: '${key}',
        name: '${n.kebab}',
        nameEn: '${n.pascal}',
        path: '/${n.camel}/index',
        buttons: [{ code: '${editKey}', name: '编辑', nameEn: 'Edit' }],
      },
    ],
  },
};
`;

  files[`${dir}/${n.kebab}.test.ts`] = `import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let admin: string;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.tokenFor('admin');
});
afterAll(() => t?.close());

describe('${n.kebab}', () => {
  it('adds an entry and lists it; another school sees none', async () => {
    const added = await t.post('/biz/${n.camel}/insert', { name: 'First' }, { token: admin });
    expect(added.status, added.raw).toBe(200);
    expect(added.body.data).toMatchObject({ name: 'First' });
    const page = await t.get('/biz/${n.camel}/page?current=1&size=10', { token: admin });
    expect(page.body.data).toMatchObject({ total: 1, records: [{ name: 'First' }] });
    const beta = await t.get('/biz/${n.camel}/page?current=1&size=10', {
      token: await t.tokenFor('admin', t.beta.tenantId),
      tenantId: t.beta.tenantId,
    });
    expect(beta.body.data.total).toBe(0);
  });

  it('refuses a caller without the keys (403), a missing token (401) and a blank name (400 naming it)', async () => {
    const student = await t.tokenFor('student');
    expect((await t.get('/biz/${n.camel}/page?current=1&size=10', { token: student })).status).toBe(403);
    expect((await t.get('/biz/${n.camel}/page?current=1&size=10')).status).toBe(401);
    const blank = await t.post('/biz/${n.camel}/insert', { name: ' ' }, { token: admin });
    expect(blank.status).toBe(400);
    expect(blank.body.data.fields[0].field).toBe('name');
  });
});
`;
  return { files, keys: [key, editKey], names: n };
}

/** Inserts `line` before the first line of `text` matching `before` (throws when none does). */
function insertBefore(text, before, line, what) {
  const lines = text.split('\n');
  const i = lines.findIndex((l) => before.test(l));
  if (i < 0) throw new Error(`cannot place ${what}: no line matches ${before}`);
  lines.splice(i, 0, line);
  return lines.join('\n');
}

/** Writes the skeleton under `root` and adds the module to the shared lists. Answers the paths written. */
export function writeModule(root, name, opts = {}) {
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name))
    throw new Error(`${name}: use kebab-case, e.g. case-notes`);
  const { files, keys, names: n } = skeleton(name, opts);
  if (fs.existsSync(path.join(root, 'apps/server/src/modules', n.kebab))) {
    throw new Error(`modules/${n.kebab} exists already`);
  }
  for (const rel of Object.keys(files)) {
    if (fs.existsSync(path.join(root, rel))) throw new Error(`${rel} exists already`);
  }

  // The shared lists are edited in memory first: nothing is written when one cannot be placed.
  const shared = {};
  const read = (rel) => fs.readFileSync(path.join(root, rel), 'utf8');
  // The module list: the import with the others, the entry at the end of its layer.
  let list = read('apps/server/src/modules/index.ts');
  list = insertBefore(list, /^\s*$/, `import { ${n.camel}Module } from './${n.kebab}';`, 'the import');
  list =
    opts.layer === 'platform'
      ? insertBefore(list, /^\s*\/\/ Business\./, `  ${n.camel}Module,`, 'the list entry')
      : insertBefore(list, /^\];/, `  ${n.camel}Module,`, 'the list entry');
  shared['apps/server/src/modules/index.ts'] = list;
  // The contracts: the export line and the permission keys.
  shared['packages/contracts/src/index.ts'] =
    `${read('packages/contracts/src/index.ts').trimEnd()}\nexport * from './${n.kebab}.contract';\n`;
  const perms = read('packages/contracts/src/permissions.ts');
  const marker = '] as const;\n\nexport type PermissionKey';
  if (!perms.includes(marker)) throw new Error('cannot place the permission keys in permissions.ts');
  shared['packages/contracts/src/permissions.ts'] = perms.replace(
    marker,
    `  // ${n.kebab} (modules/${n.kebab})\n${keys.map((k) => `  '${k}',\n`).join('')}${marker}`,
  );

  for (const [rel, text] of Object.entries({ ...files, ...shared })) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  }
  return [...Object.keys(files), ...Object.keys(shared)];
}

function main() {
  const args = parseArgs(process.argv.slice(2));
  if (args.help || !args.name) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(args.help ? 0 : 1);
  }
  const written = writeModule(args.root, args.name, { product: args.product, layer: args.layer });
  spawnSync('npx', ['prettier', '--write', ...written], { cwd: args.root, stdio: 'ignore' });
  process.stdout.write(`written:\n${written.map((w) => `  ${w}`).join('\n')}\n`);
  if (args.migration) {
    const r = spawnSync('npx', ['drizzle-kit', 'generate', '--name', args.name.replace(/-/g, '_')], {
      cwd: path.join(args.root, 'apps/server'),
      stdio: 'inherit',
    });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
  process.stdout.write(
    [
      '',
      'Next (docs/modules.md "Adding a module"):',
      `  - fill the TODOs; name the menu and place it (order) in its product; grant it to roles if needed`,
      `  - npx vitest run --project server apps/server/src/modules/${args.name}`,
      '  - the web side: its feature folder and one line in the web list (docs/modules.md "The web side")',
      '',
    ].join('\n'),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) main();
