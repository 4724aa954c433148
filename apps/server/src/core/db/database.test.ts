import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, onPostgres, ALPHA } from '../../test/harness';
import { seedSchool } from '../../seed/school';
import { rowsOf } from './rows';
import { sysUser } from '../../modules/identity/identity.table';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let tenantId: number;
beforeAll(async () => {
  database = await createTestDatabase();
  tenantId = (await seedSchool(database, ALPHA)).tenantId;
});
afterAll(() => database?.dispose());

describe('tenant transactions', () => {
  it('commit whole or roll back whole', async () => {
    await expect(
      database.withTenant(tenantId, async ({ tx }) => {
        await tx.update(sysUser).set({ realName: 'Changed' });
        throw new Error('business rule refused');
      }),
    ).rejects.toThrow('business rule refused');
    const names = await database.withTenant(tenantId, ({ tx }) =>
      tx.select({ n: sysUser.realName }).from(sysUser),
    );
    expect(names.map((r) => r.n)).not.toContain('Changed');
  });

  it('refuse to nest, and refuse system access inside', async () => {
    await expect(
      database.withTenant(tenantId, () => database.withTenant(tenantId, async () => 1)),
    ).rejects.toThrow(/do not nest/);
    await expect(
      database.withTenant(tenantId, async () => database.system.db.execute(sql`select 1`)),
    ).rejects.toThrow(/system database access inside the transaction/);
  });

  it.skipIf(!onPostgres())(
    'survive the server dropping idle connections (PostgreSQL only: PGlite has no server connections)',
    async () => {
      await database.withTenant(tenantId, ({ tx }) => tx.select().from(sysUser).limit(1));
      await database.system.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state = 'idle'`,
      );
      await new Promise((r) => setTimeout(r, 100));
      const rows = await database.withTenant(tenantId, async ({ tx }) =>
        rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from sys_user`)),
      );
      expect(rows[0]!.n).toBe(ALPHA.users.length);
    },
  );
});
