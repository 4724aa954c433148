import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, onPostgres, ALPHA } from '../../test/harness';
import type { TenantScope } from './database';
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

// Bulk writes over two connections (Database.inParallel): PostgreSQL only, PGlite has one connection.
describe.skipIf(!onPostgres())('parallel tenant transactions (PostgreSQL only)', () => {
  const values = async () =>
    rowsOf<{ v: number }>(await database.system.db.execute(sql`select v from par_test order by v`)).map(
      (r) => r.v,
    );
  beforeAll(async () => {
    // A deferred key fails at COMMIT, which is how a later part's commit is made to fail below.
    await database.system.db.execute(
      sql.raw(`create table par_test (tenant_id bigint not null, v int not null,
        constraint par_test_uq unique (v) deferrable initially deferred)`),
    );
    await database.system.db.execute(
      sql.raw(`grant select, insert, delete on par_test to ${database.appRole}`),
    );
  });
  const insert =
    (v: number) =>
    async ({ tx, tenantId }: TenantScope) => {
      await tx.execute(sql`insert into par_test (tenant_id, v) values (${tenantId}, ${v})`);
      return v;
    };
  const undo = async ({ tx }: TenantScope, v: number) => {
    await tx.execute(sql`delete from par_test where v = ${v}`);
  };

  it('commits every part, from inside a tenant transaction, on connections of their own', async () => {
    const pids = await database.withTenant(tenantId, () =>
      database.inParallel!(
        tenantId,
        [1, 2].map((v) => async (scope: TenantScope) => {
          await insert(v)(scope);
          return rowsOf<{ p: number }>(await scope.tx.execute(sql`select pg_backend_pid() as p`))[0]!.p;
        }),
        async () => undefined,
      ),
    );
    expect(new Set(pids).size).toBe(2);
    expect(await values()).toEqual([1, 2]);
    await database.system.db.execute(sql`delete from par_test`);
  });

  it('keeps nothing when one part fails', async () => {
    await expect(
      database.inParallel!(
        tenantId,
        [
          insert(1),
          async (scope) => {
            await insert(2)(scope);
            throw new Error('part failed');
          },
        ],
        undo,
      ),
    ).rejects.toThrow('part failed');
    expect(await values()).toEqual([]);
  });

  it('undoes the parts already committed when a later commit fails', async () => {
    const undone: number[] = [];
    await expect(
      database.inParallel!(
        tenantId,
        [
          insert(1),
          async (scope) => {
            await insert(2)(scope);
            await insert(2)(scope); // the deferred key refuses this part at its COMMIT
            return 2;
          },
        ],
        async (scope, v) => {
          undone.push(v);
          await undo(scope, v);
        },
      ),
    ).rejects.toMatchObject({ code: '23505' });
    expect(undone).toEqual([1]);
    expect(await values()).toEqual([]);
  });
});
