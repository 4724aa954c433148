/** Tables only the system context touches: the app role gets no grant on them at all. */
export const SYSTEM_ONLY_TABLES = [
  'login_attempt',
  'sms_code',
  'dev_sms_outbox',
  'captcha',
  'request_nonce',
  'rate_limit',
  'server_key',
] as const;

/** Read-only to the app role: shared catalogues, and the platform's job schedules (the job list shows them). */
const READ_ONLY_TABLES = ['tenant', 'product', 'job_schedule'] as const;

/**
 * Append-only to the app role: form definition versions and answer editions are records that are never
 * rewritten (docs/forms.md); rows go only with their parent (foreign-key cascades run as the owner). So
 * are the crisis timelines, assessment editions, warning-flag histories and read logs (docs/crisis.md).
 */
const APPEND_ONLY_TABLES = [
  'form_version',
  'form_answer_edition',
  'crisis_event',
  'crisis_assessment_edition',
  'crisis_warning_history',
  'crisis_read_log',
] as const;

/**
 * Creates the role that request transactions switch to (SET LOCAL ROLE), and grants it what it needs.
 * It is neither superuser nor table owner, so row-level security applies to it. Idempotent; runs at start.
 */
export async function ensureAppRole(exec: (sqlText: string) => Promise<void>, role: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(role)) throw new Error(`invalid app role name ${role}`);
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
    revoke all on ${SYSTEM_ONLY_TABLES.join(', ')} from ${role};
    revoke insert, update, delete on ${READ_ONLY_TABLES.join(', ')} from ${role};
    revoke update, delete on ${APPEND_ONLY_TABLES.join(', ')} from ${role};
  `);
}
