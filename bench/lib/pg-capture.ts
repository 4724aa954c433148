// Records the statements node-postgres sends while a function runs, and replays them with plain `pg`
// (no drizzle, no Fastify) with the per-request values swapped in. The bare-SQL scenarios thereby run
// exactly the statement text the server ran, not a hand-copied version that could drift.
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';

export interface CapturedStatement {
  text: string;
  values: unknown[];
  rowCount: number | null;
  firstRow: unknown;
}

type QueryFn = (this: pg.Client, ...args: unknown[]) => unknown;
type Callback = (err: Error | null, res?: pg.QueryResult) => void;

/** Runs `fn` and answers every statement any pg client of this process sent meanwhile, in order of sending. */
export async function captureStatements<T>(
  fn: () => Promise<T>,
): Promise<{ result: T; statements: CapturedStatement[] }> {
  const proto = pg.Client.prototype as unknown as { query: QueryFn };
  const original = proto.query;
  const statements: CapturedStatement[] = [];
  proto.query = function (this: pg.Client, ...args: unknown[]) {
    const [config, second] = args;
    const text = typeof config === 'string' ? config : String((config as { text?: unknown }).text ?? '');
    const values = Array.isArray(second)
      ? [...(second as unknown[])]
      : [...(((config as { values?: unknown[] }).values ?? []) as unknown[])];
    const entry: CapturedStatement = { text, values, rowCount: null, firstRow: undefined };
    statements.push(entry);
    const record = (res: pg.QueryResult | undefined) => {
      entry.rowCount = res?.rowCount ?? null;
      entry.firstRow = res?.rows?.[0];
    };
    const cbIndex = args.findIndex((a) => typeof a === 'function');
    if (cbIndex >= 0) {
      const cb = args[cbIndex] as Callback;
      args[cbIndex] = (err: Error | null, res?: pg.QueryResult) => {
        if (!err) record(res);
        cb(err, res);
      };
      return original.apply(this, args);
    }
    const ret = original.apply(this, args);
    if (ret && typeof (ret as Promise<pg.QueryResult>).then === 'function') {
      (ret as Promise<pg.QueryResult>).then(record, () => undefined);
    }
    return ret;
  };
  try {
    const result = await fn();
    return { result, statements };
  } finally {
    proto.query = original;
  }
}

/** What the values of one replayed request are made from. */
export interface RequestContext {
  requestId: string;
  tenantId: number;
  userId: number;
  username?: string;
  tokenHash?: string;
}

/** Where a statement parameter comes from on replay. */
export type Slot =
  | { from: 'const'; value: unknown }
  | { from: 'requestId' | 'tokenHash' | 'username' | 'tenantId' | 'tenantIdText' | 'userId' | 'userIdText' }
  /** A random 64-hex value (a fresh token hash) or UUID (a token family). */
  | { from: 'randomHex' | 'randomUuid' }
  /** A new nonce of an encrypted password (`password:<hex>`), which the server accepts once. */
  | { from: 'passwordNonce' }
  /** A timestamp at the same distance from "now" as at capture time. */
  | { from: 'time'; offsetMs: number };

export interface ReplayStatement {
  text: string;
  slots: Slot[];
  /** Row count the statement answered when captured; replay must answer the same. */
  rowCount: number | null;
  /** The request-admission statement, whose row must say fresh and (with a token) carry the token. */
  admit: boolean;
  /** Statement name when replayed as a named (prepared) statement, as the server's pool does. */
  name?: string;
  /** The text carries the tenant id inline (the server's BEGIN + set_config message): `{{tenantId}}` here. */
  tenantInText?: boolean;
}

const TENANT_MARK = '{{tenantId}}';

export type ReplayStep =
  { kind: 'pool'; statement: ReplayStatement } | { kind: 'transaction'; statements: ReplayStatement[] };

const HEX64 = /^[0-9a-f]{64}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** Works out each parameter's source by comparing captured values with the capture's own context. */
let replayNames = 0;

/**
 * Works out each parameter's source by comparing captured values with the capture's own context.
 * `named`: replay parameterised statements as named (prepared) statements, like the server's pool.
 */
export function compileReplay(
  statements: CapturedStatement[],
  sample: RequestContext,
  capturedAt: number,
  named = false,
): ReplayStep[] {
  const slotOf = (v: unknown): Slot => {
    if (v === sample.requestId) return { from: 'requestId' };
    if (sample.tokenHash !== undefined && v === sample.tokenHash) return { from: 'tokenHash' };
    if (sample.username !== undefined && v === sample.username) return { from: 'username' };
    if (v === sample.tenantId) return { from: 'tenantId' };
    if (v === String(sample.tenantId)) return { from: 'tenantIdText' };
    if (v === sample.userId) return { from: 'userId' };
    if (v === String(sample.userId)) return { from: 'userIdText' };
    if (typeof v === 'string' && HEX64.test(v)) return { from: 'randomHex' };
    if (typeof v === 'string' && /^password:[0-9a-f]{32}$/.test(v)) return { from: 'passwordNonce' };
    if (typeof v === 'string' && UUID.test(v)) return { from: 'randomUuid' };
    if (typeof v === 'string' && ISO_TIME.test(v))
      return { from: 'time', offsetMs: Date.parse(v) - capturedAt };
    if (v instanceof Date) return { from: 'time', offsetMs: v.getTime() - capturedAt };
    return { from: 'const', value: v };
  };
  const steps: ReplayStep[] = [];
  let tx: ReplayStatement[] | null = null;
  for (const s of statements) {
    const inlineTenant = `set_config('app.tenant_id', '${sample.tenantId}'`;
    const tenantInText = s.values.length === 0 && s.text.includes(inlineTenant);
    const st: ReplayStatement = {
      text: tenantInText
        ? s.text.replace(inlineTenant, `set_config('app.tenant_id', '${TENANT_MARK}'`)
        : s.text,
      tenantInText,
      slots: s.values.map(slotOf),
      rowCount: s.rowCount,
      // The request id's admission (which answers `fresh`), not a password nonce's insert.
      admit: /\binsert\s+into\s+request_nonce\b/i.test(s.text) && /\bfresh\b/.test(s.text),
      name: named && s.values.length > 0 ? `bench_s${++replayNames}` : undefined,
    };
    if (/^\s*begin\b/i.test(s.text)) {
      if (tx) throw new Error('nested BEGIN in captured statements');
      tx = [st];
    } else if (tx) {
      tx.push(st);
      if (/^\s*(commit|rollback)\b/i.test(s.text)) {
        steps.push({ kind: 'transaction', statements: tx });
        tx = null;
      }
    } else {
      steps.push({ kind: 'pool', statement: st });
    }
  }
  if (tx) throw new Error('captured a BEGIN without COMMIT');
  return steps;
}

function valuesFor(st: ReplayStatement, ctx: RequestContext): unknown[] {
  return st.slots.map((s) => {
    switch (s.from) {
      case 'const':
        return s.value;
      case 'requestId':
        return ctx.requestId;
      case 'tokenHash':
        return ctx.tokenHash;
      case 'username':
        return ctx.username;
      case 'tenantId':
        return ctx.tenantId;
      case 'tenantIdText':
        return String(ctx.tenantId);
      case 'userId':
        return ctx.userId;
      case 'userIdText':
        return String(ctx.userId);
      case 'randomHex':
        return randomBytes(32).toString('hex');
      case 'randomUuid':
        return randomUUID();
      case 'passwordNonce':
        return `password:${randomBytes(16).toString('hex')}`;
      case 'time':
        return new Date(Date.now() + s.offsetMs).toISOString();
    }
  });
}

async function runOne(q: pg.Pool | pg.PoolClient, st: ReplayStatement, ctx: RequestContext): Promise<void> {
  const values = valuesFor(st, ctx);
  const text = st.tenantInText ? st.text.replace(TENANT_MARK, String(ctx.tenantId)) : st.text;
  const res = await (st.name ? q.query({ name: st.name, text, values }) : q.query(text, values));
  if (st.rowCount !== null && res.rowCount !== st.rowCount) {
    throw new Error(
      `replayed statement answered ${res.rowCount} rows, captured ${st.rowCount}: ${st.text.trim().slice(0, 100)}`,
    );
  }
  if (st.admit) {
    const row = res.rows[0] as { fresh?: unknown; id?: unknown } | undefined;
    if (row?.fresh !== true) throw new Error('replayed admit: request id not fresh');
    if (ctx.tokenHash !== undefined && row.id == null) throw new Error('replayed admit: token not found');
  }
}

/** Replays one request: statements outside a transaction through the pool, each transaction on one client. */
export async function replay(pool: pg.Pool, steps: ReplayStep[], ctx: RequestContext): Promise<void> {
  for (const step of steps) {
    if (step.kind === 'pool') {
      await runOne(pool, step.statement, ctx);
      continue;
    }
    const client = await pool.connect();
    try {
      for (const st of step.statements) await runOne(client, st, ctx);
    } catch (err) {
      await client.query('rollback').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }
}

/** A short, readable listing of a replay plan (statement heads and parameter sources). */
export function describeReplay(steps: ReplayStep[]): string[] {
  const line = (st: ReplayStatement) =>
    `${st.text.replace(/\s+/g, ' ').trim().slice(0, 90)}${st.slots.length ? `  [${st.slots.map((s) => (s.from === 'const' ? JSON.stringify(s.value) : s.from)).join(', ')}]` : ''}`;
  return steps.flatMap((s) =>
    s.kind === 'pool' ? [line(s.statement)] : s.statements.map((st) => `  tx: ${line(st)}`),
  );
}
