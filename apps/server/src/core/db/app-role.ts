/**
 * Tables only the system context touches: the app role gets no grant on them at all. The core's own
 * (the development SMS outbox, the password key, the rate-limit windows), then the modules'
 * (`tables.systemOnly` of their manifests, added by `registerTableAccess`).
 */
export const SYSTEM_ONLY_TABLES: string[] = ['dev_sms_outbox', 'server_key', 'rate_limit'];

/**
 * Read-only to the app role: the core's job schedules (the job list shows them), then shared catalogues
 * (manifests' `tables.readOnly`).
 */
const READ_ONLY_TABLES: string[] = ['job_schedule'];

/**
 * Append-only to the app role: records that are never rewritten (manifests' `tables.appendOnly`); rows
 * go only with their parent (foreign-key cascades run as the owner).
 */
const APPEND_ONLY_TABLES: string[] = [];

let registered = false;

/**
 * Records the modules' table access (modules/index.ts calls it once, as the module list loads, so every
 * database opened afterwards grants accordingly). The core imports no module: the list hands it over.
 */
export function registerTableAccess(access: {
  systemOnly: readonly string[];
  readOnly: readonly string[];
  appendOnly: readonly string[];
}): void {
  if (registered) return;
  registered = true;
  SYSTEM_ONLY_TABLES.push(...access.systemOnly);
  READ_ONLY_TABLES.push(...access.readOnly);
  APPEND_ONLY_TABLES.push(...access.appendOnly);
}

/**
 * Creates the role that request transactions switch to (SET LOCAL ROLE), and grants it what it needs.
 * It is neither superuser nor table owner, so row-level security applies to it. Idempotent; runs at start.
 */
export async function ensureAppRole(exec: (sqlText: string) => Promise<void>, role: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(role)) throw new Error(`invalid app role name ${role}`);
  // Without the modules' list the grants would open system-only tables to the app role.
  if (!registered)
    throw new Error('table access not registered: import modules/index.ts before opening the database');
  const revoke = (what: string, tables: readonly string[]) =>
    tables.length > 0 ? `revoke ${what} on ${tables.join(', ')} from ${role};` : '';
  await exec(`
    do $$ begin
      if not exists (select 1 from pg_roles where rolname = '${role}') then
        begin
          create role ${role} nologin nosuperuser nobypassrls noinherit;
        exception when duplicate_object or unique_violation then null;
        end;
      end if;
    end $$;
    grant ${role} to current_user;
    grant usage on schema public to ${role};
    grant select, insert, update, delete on all tables in schema public to ${role};
    grant usage, select on all sequences in schema public to ${role};
    ${revoke('all', SYSTEM_ONLY_TABLES)}
    ${revoke('insert, update, delete', READ_ONLY_TABLES)}
    ${revoke('update, delete', APPEND_ONLY_TABLES)}
  `);
}
