import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { z } from 'zod';

/** apps/server, whether running from src/ (tsx, tests) or from the dist/ bundle. */
export const SERVER_ROOT = fileURLToPath(new URL('..', import.meta.url));

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default(path.join(process.cwd(), 'data')),
  DATABASE_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DB_APP_ROLE: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'DB_APP_ROLE must be a plain lower-case identifier')
    .default('psy_app'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: bool,
  WEB_DIST: z.string().optional(),
  ACCESS_TOKEN_TTL_S: z.coerce.number().int().min(600).default(7200),
  REFRESH_TOKEN_TTL_S: z.coerce
    .number()
    .int()
    .min(3600)
    .default(7 * 24 * 3600),
  SIGNATURE_REQUIRED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  LOGIN_IP_LIMIT_PER_MIN: z.coerce.number().int().min(1).default(30),
  SMS_ADAPTER: z.enum(['dev', 'http']).default('dev'),
  SMS_GATEWAY_URL: z.string().url().optional(),
  SMS_GATEWAY_TOKEN: z.string().optional(),
  /**
   * true: GET /biz/dev/sms/outbox answers the codes the dev adapter recorded, to requests from this
   * machine only (loopback). Off by default: with the codes anyone could sign in as a phone's owner.
   */
  DEV_SMS_OUTBOX: bool,
  JOB_WORKERS: z.coerce.number().int().min(0).max(32).default(2),
  /** Seconds a job stays claimed without its worker renewing it (renewed every third of it). */
  JOB_LEASE_SECONDS: z.coerce.number().int().min(2).max(600).default(15),
  /**
   * What one bulk user import may cost (docs/user-import.md "Limits"): data rows and columns of the sheet,
   * the unpacked size of an .xlsx (MB, all parts) and the unpacked/packed ratio of a part, and the refused
   * cells kept for the result file (the rest are counted).
   */
  IMPORT_MAX_ROWS: z.coerce.number().int().min(1).max(1_000_000).default(100_000),
  IMPORT_MAX_COLUMNS: z.coerce.number().int().min(10).max(1000).default(100),
  IMPORT_MAX_UNPACKED_MB: z.coerce.number().int().min(1).max(4096).default(256),
  IMPORT_MAX_COMPRESSION_RATIO: z.coerce.number().int().min(2).max(10_000).default(100),
  IMPORT_MAX_ERROR_ROWS: z.coerce.number().int().min(0).max(1_000_000).default(10_000),
  /**
   * Chunk transactions of one import in flight at once (each keeps a PostgreSQL core busy). One by default:
   * with two, an import on a 2-core server takes both cores and the other requests' p99 doubles
   * (bench/README.md, "User import"); raise it on a server with cores to spare.
   */
  IMPORT_CONCURRENCY: z.coerce.number().int().min(1).max(8).default(1),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).default(20000),
  TRUST_PROXY: bool,
  /** WebAuthn relying party: the host name the fingerprint credentials are bound to (no scheme, no port). */
  WEBAUTHN_RP_ID: z
    .string()
    .regex(/^[a-z0-9.-]+$/i, 'WEBAUTHN_RP_ID must be a host name')
    .default('localhost'),
  /** Name shown by the authenticator when enrolling. */
  WEBAUTHN_RP_NAME: z.string().min(1).default('Psychological counselling platform'),
  /**
   * Comma-separated origins allowed to use the credentials (https://psy.example.edu). Empty: any origin
   * whose host is WEBAUTHN_RP_ID, over https, or over http for localhost (development).
   */
  WEBAUTHN_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    ),
  /**
   * Key that seals secrets at rest (identity providers' client secrets): 32 bytes, base64. Keep it outside
   * the database in production; without it a key is created once in the database (core/security/secret-box.ts).
   */
  SECRETS_KEY: z
    .string()
    .optional()
    .refine(
      (v) => v === undefined || v === '' || Buffer.from(v, 'base64').length === 32,
      'SECRETS_KEY must be 32 bytes in base64 (openssl rand -base64 32)',
    )
    .transform((v) => (v ? v : undefined)),
  /** Milliseconds an outgoing call to an identity provider may take (CAS validation, token exchange). */
  SSO_HTTP_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(8000),
});

export type Env = z.infer<typeof envSchema>;

/** Reads and validates the configuration; a bad value stops the process with the variable named. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if (env.NODE_ENV === 'production' && env.SMS_ADAPTER === 'dev') {
    // The development adapter exposes codes to anyone: never in production.
    throw new Error(
      'Invalid configuration:\n  SMS_ADAPTER: must be http in production (the dev adapter publishes codes)',
    );
  }
  if (env.DEV_SMS_OUTBOX && env.SMS_ADAPTER !== 'dev') {
    throw new Error(
      'Invalid configuration:\n  DEV_SMS_OUTBOX: needs SMS_ADAPTER=dev (only the dev adapter records codes)',
    );
  }
  if (env.SMS_ADAPTER === 'http' && !env.SMS_GATEWAY_URL) {
    throw new Error('Invalid configuration:\n  SMS_GATEWAY_URL: required when SMS_ADAPTER=http');
  }
  return env;
}
