import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { dept, role, sysUser } from '../modules/identity/identity.table';
import { tenant } from '../modules/tenants/tenants.table';
import { seedSchool } from '../seed/school';
import {
  ALPHA,
  BETA,
  createPersistentTestDatabase,
  createTestContext,
  createTestDatabase,
  onPostgres,
  plannerRows,
  type TestContext,
} from './harness';
import { rowsOf } from '../core/db/rows';
import { PASSWORD_KEY_PURPOSE } from '../core/security/password-key';
import { findServerKey } from '../core/security/server-key.repository';
import { TEST_PGLITE_SETTINGS, readSnapshot, slimSnapshot, testPgliteAssets } from './template';
import { RUN_TEMP_PREFIX } from './global-setup';

// The harness hands every file a copy of templates built once per run (global-setup.ts). These tests
// hold it to what each file got before: its own database, the two schools with the ids it is told, and
// a database that continues exactly where seeding stopped.

let a: TestContext;
let b: TestContext;
beforeAll(async () => {
  [a, b] = await Promise.all([createTestContext(), createTestContext()]);
});
afterAll(async () => {
  await a?.close();
  await b?.close();
});

const tenantIds = async (t: TestContext) =>
  (await t.database.db.select({ code: tenant.code, id: tenant.id }).from(tenant)).sort((x, y) =>
    x.code.localeCompare(y.code),
  );

describe('test databases from the templates', () => {
  it('holds the two schools with exactly the ids the harness hands out', async () => {
    expect(await tenantIds(a)).toEqual([
      { code: 'alpha', id: a.alpha.tenantId },
      { code: 'beta', id: a.beta.tenantId },
    ]);
    for (const [school, seed] of [
      [a.alpha, ALPHA],
      [a.beta, BETA],
    ] as const) {
      expect(Object.keys(school.userIds).sort()).toEqual(seed.users.map((u) => u.username).sort());
      for (const [username, id] of Object.entries(school.userIds)) {
        const [row] = await a.database.db
          .select({ username: sysUser.username })
          .from(sysUser)
          .where(and(eq(sysUser.tenantId, school.tenantId), eq(sysUser.id, id)));
        expect(row?.username).toBe(username);
      }
      for (const [code, id] of Object.entries(school.roleIds)) {
        const [row] = await a.database.db
          .select({ code: role.roleCode })
          .from(role)
          .where(and(eq(role.tenantId, school.tenantId), eq(role.id, id)));
        expect(row?.code).toBe(code);
      }
      for (const [name, id] of Object.entries(school.deptIds)) {
        const [row] = await a.database.db
          .select({ name: dept.name })
          .from(dept)
          .where(and(eq(dept.tenantId, school.tenantId), eq(dept.id, id)));
        expect(row?.name).toBe(name);
      }
    }
    // Logging in checks the stored password hash, not only the ids.
    expect((await a.login('admin')).status).toBe(200);
  });

  it('makes temporary files under the run’s own folder, which the global setup removes at the end', () => {
    expect(path.basename(os.tmpdir())).toMatch(new RegExp(`^${RUN_TEMP_PREFIX}`));
    expect(fs.statSync(os.tmpdir()).isDirectory()).toBe(true);
  });

  it("never shows one file's writes to another", async () => {
    expect(b.alpha).toEqual(a.alpha);
    await a.database.db.insert(tenant).values({ code: 'only-in-a', name: 'Only in A' });
    expect((await tenantIds(a)).map((t) => t.code)).toContain('only-in-a');
    expect((await tenantIds(b)).map((t) => t.code)).toEqual(['alpha', 'beta']);
  });

  it('continues the sequences where seeding stopped, so new ids follow the seeded ones', async () => {
    const [{ max }] = (await b.database.db
      .select({ max: sql<number>`max(${tenant.id})::int` })
      .from(tenant)) as [{ max: number }];
    expect(max).toBe(Math.max(b.alpha.tenantId, b.beta.tenantId));
    const [row] = await b.database.db
      .insert(tenant)
      .values({ code: 'next', name: 'Next' })
      .returning({ id: tenant.id });
    expect(row!.id).toBe(max + 1);
  });

  it('gives createTestDatabase a migrated database without schools, where seeding works as before', async () => {
    const database = await createTestDatabase();
    try {
      expect(await database.db.select().from(tenant)).toEqual([]);
      const alpha = await seedSchool(database, ALPHA);
      expect(alpha).toMatchObject({ created: true, tenantId: expect.any(Number) });
      expect(alpha.userIds.admin).toEqual(expect.any(Number));
    } finally {
      await database.dispose();
    }
  });

  it("hands every copy of the seeded template the planner's statistics of its rows", async () => {
    const { estimated, counted } = await plannerRows(a.database, 'sys_user');
    expect(estimated).toBe(counted);
  });

  it('hands every copy the password-encryption key pair of its template, so no test file makes one', async () => {
    const keyOf = async (t: TestContext) => (await t.get('/auth/publicKey')).body.data.keyId as string;
    const keyId = await keyOf(a);
    // A copy without it would make a key pair of its own at its first login, with another id.
    expect(await keyOf(b)).toBe(keyId);
    const empty = await createTestDatabase();
    try {
      expect(await findServerKey(empty.system, PASSWORD_KEY_PURPOSE)).toMatchObject({ keyId });
    } finally {
      await empty.dispose();
    }
  });

  it('keeps what a persistent database holds across a reopen', async () => {
    const store = await createPersistentTestDatabase();
    try {
      const first = await store.open();
      expect(await first.db.select().from(tenant)).toEqual([]);
      await first.db.insert(tenant).values({ code: 'kept', name: 'Kept' });
      await first.close();
      const second = await store.open();
      try {
        expect((await second.db.select({ code: tenant.code }).from(tenant)).map((t) => t.code)).toEqual([
          'kept',
        ]);
      } finally {
        await second.close();
      }
    } finally {
      await store.dispose();
    }
  });
});

describe('PGlite snapshots', () => {
  it.skipIf(onPostgres())(
    "start every copy with the tests' settings: 16 MB of shared buffers, not PGlite's 128 MB (PGlite only)",
    async () => {
      const [row] = rowsOf<{ shared_buffers: string }>(await a.database.db.execute(sql`show shared_buffers`));
      expect(row?.shared_buffers).toBe(TEST_PGLITE_SETTINGS.shared_buffers);
    },
  );

  it.skipIf(onPostgres())(
    "are read once per worker with the engine's files, and copies started from one stay apart (PGlite only)",
    () => {
      const { seeded } = inject('serverTestTemplates');
      expect(readSnapshot(seeded)).toBe(readSnapshot(seeded));
      expect(testPgliteAssets()).toBe(testPgliteAssets());
      // `a` and `b` started from the same Blob and module; "never shows one file's writes to another"
      // holds them apart.
      expect(a.database.kind).toBe('pglite');
    },
  );

  it('carry only the WAL the server still needs and no template database, and a copy writes past them', async () => {
    // An archive as the snapshot step sees it: two segments before the checkpoint's, its own (written up to
    // its second page, zeros after), the one written now, one recycled for later, a file that is no
    // segment, and the template databases.
    const entry = (name: string, body: Buffer | string = 'x') => {
      const data = typeof body === 'string' ? Buffer.from(body, 'latin1') : body;
      const header = Buffer.alloc(512);
      header.write(name, 0, 'latin1');
      header.write(data.length.toString(8).padStart(11, '0'), 124, 'latin1');
      header.write('0', 156, 'latin1');
      return Buffer.concat([header, data, Buffer.alloc((512 - (data.length % 512)) % 512)]);
    };
    const seg = (n: number) =>
      `/pg_wal/0000000100000000000000${n.toString(16).toUpperCase().padStart(2, '0')}`;
    const written = Buffer.alloc(4 * 8192);
    written.fill(7, 0, 8192 + 100);
    const tar = Buffer.concat([
      entry(seg(1)),
      entry(seg(2), written),
      ...[3, 4, 5].map((n) => entry(seg(n))),
      entry('/pg_wal/archive_status/'),
      entry('/base/5/1249'),
      entry('/base/1/1249'),
      entry('/base/4/1249'),
      entry('/base/10/1249'),
      Buffer.alloc(1024),
    ]);
    const entries = (archive: Buffer) => {
      const out: { name: string; size: number; data: Buffer }[] = [];
      for (let at = 0; at + 512 <= archive.length;) {
        const header = archive.subarray(at, at + 512);
        if (header.every((b) => b === 0)) break;
        const size = parseInt(header.subarray(124, 136).toString('latin1'), 8);
        out.push({
          name: header
            .subarray(0, 100)
            .toString('latin1')
            .replace(/\0[\s\S]*$/, ''),
          size,
          data: archive.subarray(at + 512, at + 512 + size),
        });
        at += 512 + Math.ceil(size / 512) * 512;
      }
      return out;
    };
    const slim = entries(slimSnapshot(tar, seg(2).slice(8), seg(3).slice(8)));
    expect(slim.map((e) => e.name)).toEqual([
      seg(2),
      seg(3),
      '/pg_wal/archive_status/',
      '/base/5/1249',
      '/base/10/1249',
    ]);
    // The written segment keeps its two written pages, byte for byte.
    expect(slim[0]!.size).toBe(2 * 8192);
    expect(slim[0]!.data.equals(written.subarray(0, 2 * 8192))).toBe(true);

    // The real template: a copy fills more than the segment it was given and keeps every row.
    const database = await createTestDatabase();
    try {
      await database.db.execute(sql`create table wal_fill (n int, pad text)`);
      await database.db.execute(
        sql`insert into wal_fill select g, repeat('w', 2000) from generate_series(1, 12000) g`,
      );
      await database.db.execute(sql`checkpoint`);
      const [row] = rowsOf<{ n: number }>(
        await database.db.execute(sql`select count(*)::int as n from wal_fill`),
      );
      expect(row?.n).toBe(12000);
    } finally {
      await database.dispose();
    }
  });
});
