// Seeds N schools x M users quickly: seedSchool (the real seed, argon2 and all) for three users per school,
// then plain SQL for the rest, all sharing one precomputed argon2id hash of the same password.
import type { Database } from '@psy/server/src/core/db/database';
import { hashPassword } from '@psy/server/src/core/security/password';
import { seedSchool, type SchoolSeed } from '@psy/server/src/seed/school';
import { log, mapLimit, timed } from './util';

export interface SeedOptions {
  tenants: number;
  usersPerTenant: number;
  password: string;
}

const school = (i: number, password: string): SchoolSeed => ({
  code: `bench${String(i).padStart(3, '0')}`,
  name: `Bench School ${i}`,
  depts: [{ name: 'Psychology Centre' }, { name: 'Class 2024' }],
  users: [
    { username: 'admin', password, realName: `Admin ${i}`, roles: ['ROLE_ADMIN'], phone: '13800000001' },
    {
      username: 'counsellor',
      password,
      realName: `Counsellor ${i}`,
      roles: ['ROLE_CONSULTANT', 'ROLE_SUPERVISOR'],
    },
    { username: 'student', password, realName: `Student ${i}`, roles: ['ROLE_GENERAL'], dept: 'Class 2024' },
  ],
});

export async function seedBench(database: Database, opts: SeedOptions): Promise<void> {
  const realUsers = school(1, opts.password).users.length;
  const bulkPerTenant = opts.usersPerTenant - realUsers;
  if (bulkPerTenant < 0) throw new Error(`users per tenant must be at least ${realUsers}`);

  // The first school creates the shared product catalogue alone; the others then run four at a time.
  await timed(`seedSchool x ${opts.tenants} (${realUsers} argon2-hashed users each)`, async () => {
    await seedSchool(database, school(1, opts.password));
    await mapLimit(
      Array.from({ length: opts.tenants - 1 }, (_, i) => i + 2),
      4,
      (i) => seedSchool(database, school(i, opts.password)),
    );
  });

  // PostgreSQL's pool, or the embedded engine (bench/pglite-requests.bench.ts).
  const pool = {
    query: async <R = Record<string, unknown>>(text: string, values?: unknown[]) =>
      database.pool
        ? ((await database.pool.query(text, values)) as unknown as { rows: R[] })
        : await database.pglite!.query<R>(text, values),
  };
  await timed(
    `bulk insert of ${opts.tenants} x ${bulkPerTenant} users with roles (one shared argon2id hash)`,
    async () => {
      const hash = await hashPassword(opts.password);
      await pool.query(
        `insert into sys_user (tenant_id, username, password_hash, real_name, number_name, phone, sex, birthday, dept_id, user_type_id)
       select t.id, 'user' || lpad(g::text, 5, '0'), $1, 'User ' || t.id || '-' || g, 'S' || lpad(g::text, 6, '0'),
              '139' || lpad((t.id * 100000 + g)::text, 8, '0'), 1 + g % 2, date '2000-01-01' + g % 3000, d.id, ut.id
       from tenant t
       cross join generate_series(1, $2::int) g
       join lateral (select id from dept where tenant_id = t.id and parent_id is not null order by id limit 1) d on true
       join user_type ut on ut.tenant_id = t.id and ut.code = case when g % 10 < 2 then 'staff' else 'student' end
       where t.code like 'bench%'`,
        [hash, bulkPerTenant],
      );
      // Fresh statistics, or the planner still sees an empty sys_user and joins role by nested loop (~40 s).
      await pool.query('analyze sys_user, role');
      // 10% consultant+supervisor (two roles, more permission rows), 10% consultant, 80% general users.
      await pool.query(
        `insert into user_role (tenant_id, user_id, role_id)
       select u.tenant_id, u.id, r.id
       from sys_user u
       cross join lateral unnest(case substr(u.username, 5)::int % 10
                                   when 0 then array['ROLE_CONSULTANT', 'ROLE_SUPERVISOR']
                                   when 1 then array['ROLE_CONSULTANT']
                                   else array['ROLE_GENERAL'] end) as c(code)
       join role r on r.tenant_id = u.tenant_id and r.role_code = c.code
       where u.username like 'user%'`,
      );
      await pool.query('analyze');
    },
  );
  const { rows } = await pool.query<{ users: string; links: string; tenants: string }>(
    `select (select count(*) from sys_user) as users, (select count(*) from user_role) as links, (select count(*) from tenant) as tenants`,
  );
  log(`  database: ${rows[0]!.tenants} tenants, ${rows[0]!.users} users, ${rows[0]!.links} user-role links`);
}
