import pg from 'pg';

/**
 * Direct database access for journeys: fixtures set up in the database while the real server runs.
 *
 * It connects as the database owner (the server's DATABASE_URL user), which row-level security does not
 * restrict, so the helpers name the tenant themselves. Tables and columns: apps/server/drizzle/*.sql.
 * bigint values (ids) come back as JavaScript numbers (bigint arrays as strings).
 *
 * Every change made through the named helpers is undone after the journey (`undoChanges`, called by
 * e2e/run.mjs), even when it fails; changes made with `query` are the journey's to undo.
 *
 * When the run has no PostgreSQL (PGlite fallback, or E2E_BASE_URL without E2E_DATABASE_URL), journeys get
 * an unavailable handle whose calls throw a JourneySkipped: a journey that needs the database should
 * export `needsDb = true` so it is skipped before it starts.
 */

/** The demo school's short name (apps/server/src/seed/demo.ts). */
export const DEMO_TENANT = 'demo';

/** Thrown to end a journey as skipped, not failed; the message is the reason. */
export class JourneySkipped extends Error {
  /** @param {string} reason */
  constructor(reason) {
    super(reason);
    this.name = 'JourneySkipped';
  }
}

/**
 * @typedef {'active' | 'locked'} UserStatus
 * @typedef {{
 *   tenantId: number, id: number, username: string, realName: string, status: string,
 *   mustChangePassword: boolean, delFlag: boolean, roleIds: number[]
 * }} DbUser
 * @typedef {{
 *   available: boolean,
 *   reason: string,
 *   url: string,
 *   query: <R extends Record<string, any> = Record<string, any>>(sql: string, params?: unknown[]) => Promise<import('pg').QueryResult<R>>,
 *   findUser: (username: string, tenant?: string) => Promise<DbUser>,
 *   setUserStatus: (username: string, status: UserStatus, tenant?: string) => Promise<void>,
 *   removeUserRoles: (username: string, tenant?: string) => Promise<number[]>,
 *   restoreUserRoles: (username: string, roleIds: number[], tenant?: string) => Promise<void>,
 *   setMustChangePassword: (username: string, value: boolean, tenant?: string) => Promise<void>,
 *   undoChanges: () => Promise<void>,
 *   close: () => Promise<void>,
 * }} Db
 */

const INT8 = 20;

/**
 * pg's parsers, with bigint as a number: ids stay far below 2^53.
 * @param {number} oid
 * @param {'text' | 'binary'} [format]
 * @returns {(value: any) => any}
 */
function typeParser(oid, format = 'text') {
  if (format === 'text' && oid === INT8) return (/** @type {string} */ value) => Number(value);
  return pg.types.getTypeParser(oid, format);
}

/**
 * @param {string} url a postgres:// URL of the owner (the server's DATABASE_URL)
 * @returns {Db}
 */
export function connectDb(url) {
  const pool = new pg.Pool({
    connectionString: url,
    max: 2,
    types: { getTypeParser: /** @type {any} */ (typeParser) },
  });
  // An idle connection dropped by the server (e.g. the cluster stopping) must not crash the run.
  pool.on('error', () => undefined);

  /** @type {Array<() => Promise<unknown>>} */
  let undo = [];

  /** @type {Db['query']} */
  const query = (sql, params = []) => pool.query(sql, params);

  /**
   * @param {string} username
   * @param {string} tenant
   */
  const findUser = async (username, tenant = DEMO_TENANT) => {
    const { rows } = await query(
      `select u.tenant_id, u.id, u.username, u.real_name, u.status, u.must_change_password, u.del_flag,
              coalesce(array_agg(ur.role_id order by ur.role_id) filter (where ur.role_id is not null),
                       '{}') as role_ids
         from sys_user u
         join tenant t on t.id = u.tenant_id
         left join user_role ur on ur.tenant_id = u.tenant_id and ur.user_id = u.id
        where lower(t.code) = lower($1) and lower(u.username) = lower($2)
        group by u.tenant_id, u.id`,
      [tenant, username],
    );
    const row = rows[0];
    if (!row) throw new Error(`db: no user '${username}' in tenant '${tenant}'`);
    return {
      tenantId: row.tenant_id,
      id: row.id,
      username: row.username,
      realName: row.real_name,
      status: row.status,
      mustChangePassword: row.must_change_password,
      delFlag: row.del_flag,
      roleIds: row.role_ids.map(Number), // bigint[] arrives as strings
    };
  };

  /** @type {Db['setUserStatus']} */
  const setUserStatus = async (username, status, tenant = DEMO_TENANT) => {
    const user = await findUser(username, tenant);
    await query(`update sys_user set status = $3, updated_at = now() where tenant_id = $1 and id = $2`, [
      user.tenantId,
      user.id,
      status,
    ]);
    undo.push(() =>
      query(`update sys_user set status = $3, updated_at = now() where tenant_id = $1 and id = $2`, [
        user.tenantId,
        user.id,
        user.status,
      ]),
    );
  };

  /** @type {Db['setMustChangePassword']} */
  const setMustChangePassword = async (username, value, tenant = DEMO_TENANT) => {
    const user = await findUser(username, tenant);
    const sql = `update sys_user set must_change_password = $3, updated_at = now()
                  where tenant_id = $1 and id = $2`;
    await query(sql, [user.tenantId, user.id, value]);
    undo.push(() => query(sql, [user.tenantId, user.id, user.mustChangePassword]));
  };

  /** @type {Db['removeUserRoles']} */
  const removeUserRoles = async (username, tenant = DEMO_TENANT) => {
    const user = await findUser(username, tenant);
    const { rows } = await query(
      `delete from user_role where tenant_id = $1 and user_id = $2 returning role_id`,
      [user.tenantId, user.id],
    );
    const removed = rows.map((row) => Number(row.role_id)).sort((a, b) => a - b);
    undo.push(() => insertRoles(user, removed));
    return removed;
  };

  /**
   * @param {DbUser} user
   * @param {number[]} roleIds
   * @returns {Promise<number[]>} the links that did not exist before
   */
  const insertRoles = async (user, roleIds) => {
    const { rows } = await query(
      `insert into user_role (tenant_id, user_id, role_id)
       select $1, $2, unnest($3::bigint[])
       on conflict do nothing
       returning role_id`,
      [user.tenantId, user.id, roleIds],
    );
    return rows.map((row) => Number(row.role_id));
  };

  /** @type {Db['restoreUserRoles']} */
  const restoreUserRoles = async (username, roleIds, tenant = DEMO_TENANT) => {
    const user = await findUser(username, tenant);
    const added = await insertRoles(user, roleIds);
    undo.push(() =>
      query(`delete from user_role where tenant_id = $1 and user_id = $2 and role_id = any($3::bigint[])`, [
        user.tenantId,
        user.id,
        added,
      ]),
    );
  };

  return {
    available: true,
    reason: '',
    url,
    query,
    findUser,
    setUserStatus,
    removeUserRoles,
    restoreUserRoles,
    setMustChangePassword,
    undoChanges: async () => {
      const steps = undo.reverse();
      undo = [];
      /** @type {unknown[]} */
      const errors = [];
      for (const step of steps) await step().catch((error) => errors.push(error));
      if (errors.length) {
        throw new Error(`db: ${errors.length} fixture change(s) could not be undone: ${String(errors[0])}`);
      }
    },
    close: () => pool.end(),
  };
}

/**
 * The handle journeys get when the run has no PostgreSQL: every call skips the journey with the reason.
 * @param {string} reason
 * @returns {Db}
 */
export function unavailableDb(reason) {
  const skip = async () => {
    throw new JourneySkipped(reason);
  };
  return {
    available: false,
    reason,
    url: '',
    query: skip,
    findUser: skip,
    setUserStatus: skip,
    removeUserRoles: skip,
    restoreUserRoles: skip,
    setMustChangePassword: skip,
    undoChanges: async () => undefined,
    close: async () => undefined,
  };
}
