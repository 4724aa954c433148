import type { PGlite, Results } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, onPostgres } from '../../test/harness';
import { APP_ROLE } from '../../test/template';
import { pgliteDatabase } from './database';
import { withNamedStatements } from './named-statements';

// On PGlite a text run three times is prepared under a name and then run in one call into the engine
// (withNamedStatements). These tests hold what it answers to what PGlite's own `query` answers, in every way
// the app uses it: values of each type, both row modes, changed rows, errors, transactions and the engine's
// locks.

const TYPED = `select $1::int as i, $2::text as t, $3::timestamptz as at, $4::jsonb as j, $5::int[] as a,
  $6::text as n, $7::bool as b, $8::numeric as num`;
const TYPED_VALUES = [
  7,
  'x',
  new Date('2026-01-02T03:04:05Z'),
  { k: [1, 'two'] },
  [1, 2],
  null,
  true,
  '1.50',
];

/** Rows and columns: what callers read of an answer. */
const answer = (result: Results<unknown>) => ({
  rows: result.rows,
  fields: result.fields,
  affectedRows: result.affectedRows,
});

describe.skipIf(onPostgres())(
  'named statements on PGlite (PGlite only: on PostgreSQL node-postgres names them)',
  () => {
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    let raw: PGlite;

    const preparedTexts = async () =>
      (await raw.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map(
        (row) => row.statement,
      );

    beforeAll(async () => {
      database = await createTestDatabase();
      raw = database.pglite!;
    });
    afterAll(() => database.dispose());

    it('answers as PGlite’s own query does, in both row modes, before and after the text is named', async () => {
      const named = withNamedStatements(raw);
      const arrayMode = { rowMode: 'array' as const, parsers: { 1184: (value: string) => value } };
      for (let run = 0; run < 5; run += 1) {
        expect(answer(await named.query(TYPED, TYPED_VALUES))).toEqual(
          answer(await raw.query(TYPED, TYPED_VALUES)),
        );
      }
      for (let run = 0; run < 5; run += 1) {
        expect(answer(await named.query(`${TYPED} -- array`, TYPED_VALUES, arrayMode))).toEqual(
          answer(await raw.query(`${TYPED} -- array`, TYPED_VALUES, arrayMode)),
        );
      }
      // A query's own parsers (Drizzle passes some with every query) win over the engine's, in either mode.
      const objectMode = { parsers: { 1184: (value: string) => `at ${value}` } };
      for (let run = 0; run < 5; run += 1) {
        expect(answer(await named.query(`${TYPED} -- parsers`, TYPED_VALUES, objectMode))).toEqual(
          answer(await raw.query(`${TYPED} -- parsers`, TYPED_VALUES, objectMode)),
        );
      }
      const [parsed] = (await named.query<{ at: unknown }>(`${TYPED} -- parsers`, TYPED_VALUES, objectMode))
        .rows;
      expect(parsed!.at).toBe('at 2026-01-02 03:04:05+00');
      const [arrayRow] = (await named.query<unknown[]>(`${TYPED} -- array`, TYPED_VALUES, arrayMode)).rows;
      expect(arrayRow![2]).toBe('2026-01-02 03:04:05+00');
      const [row] = (await named.query<Record<string, unknown>>(TYPED, TYPED_VALUES)).rows;
      expect(row).toEqual({
        i: 7,
        t: 'x',
        at: new Date('2026-01-02T03:04:05Z'),
        j: { k: [1, 'two'] },
        a: [1, 2],
        n: null,
        b: true,
        num: '1.50',
      });
      // Named: the engine holds both texts.
      expect(await preparedTexts()).toEqual(
        expect.arrayContaining([TYPED, `${TYPED} -- array`, `${TYPED} -- parsers`]),
      );
    });

    it('counts the rows a statement changed and returns what it returns', async () => {
      const named = withNamedStatements(raw);
      const insert = `insert into request_nonce (request_id, expires_at) values ($1, now()) returning request_id`;
      for (let run = 0; run < 4; run += 1) {
        const result = await named.query(insert, [`named-insert-${run}`]);
        expect(result.rows).toEqual([{ request_id: `named-insert-${run}` }]);
        expect(result.affectedRows).toBe(1);
      }
      const remove = `delete from request_nonce where request_id like $1`;
      for (let run = 0; run < 3; run += 1) await named.query(remove, ['nothing-%']);
      const removed = await named.query(remove, ['named-insert-%']);
      expect(removed.affectedRows).toBe(4);
      expect(removed.rows).toEqual([]);
    });

    it('fails as PGlite does, naming the statement and its values, and the engine goes on', async () => {
      const named = withNamedStatements(raw);
      const insert = `insert into request_nonce (request_id, expires_at) values ($1, now())`;
      for (let run = 0; run < 3; run += 1) await named.query(insert, [`named-fail-${run}`]);
      const refused = await named.query(insert, ['named-fail-0']).catch((error: unknown) => error);
      const expected = await raw.query(insert, ['named-fail-0']).catch((error: unknown) => error);
      expect(refused).toMatchObject({
        code: '23505',
        constraint: (expected as { constraint: string }).constraint,
        message: (expected as Error).message,
        query: insert,
        params: ['named-fail-0'],
      });
      expect((await named.query(insert, ['named-fail-3'])).affectedRows).toBe(1);
      // A value the statement's parameter type cannot take fails on its own and leaves the name usable.
      const count = `select count(*)::int as n from request_nonce where request_id like $1 and $2::int > 0`;
      for (let run = 0; run < 3; run += 1) await named.query(count, ['named-fail-%', 1]);
      await expect(named.query(count, ['named-fail-%', 'not a number'])).rejects.toMatchObject({
        code: '22P02',
      });
      expect((await named.query(count, ['named-fail-%', 1])).rows).toEqual([{ n: 4 }]);
    });

    it('runs a text seen fewer than three times unnamed: answers and fails as PGlite does, names nothing', async () => {
      await raw.exec('deallocate all');
      const named = withNamedStatements(raw);
      const text = `select $1::int * 2 as twice, $2::jsonb as j -- rare`;
      for (let run = 0; run < 2; run += 1) {
        expect(answer(await named.query(text, [run, { run }]))).toEqual(
          answer(await raw.query(text, [run, { run }])),
        );
      }
      const bad = `select $1::int as n -- rare and refused`;
      await expect(named.query(bad, ['x'])).rejects.toMatchObject({
        code: '22P02',
        query: bad,
        params: ['x'],
      });
      const missing = `select * from no_such_table -- rare`;
      const expected = await raw.query(missing).catch((error: unknown) => error);
      await expect(named.query(missing)).rejects.toMatchObject({
        code: '42P01',
        message: (expected as Error).message,
        query: missing,
      });
      // The engine goes on, and nothing was prepared under a name.
      expect((await named.query(`${text} -- once more`, [4, null])).rows).toEqual([{ twice: 8, j: null }]);
      expect(await preparedTexts()).toEqual([]);
    });

    it('runs named statements in a transaction, undoes them with it, and refuses a closed one', async () => {
      const named = withNamedStatements(raw);
      const insert = `insert into request_nonce (request_id, expires_at) values ($1, now())`;
      const count = `select count(*)::int as n from request_nonce where request_id like 'named-tx-%'`;
      await named.transaction(async (tx) => {
        for (let run = 0; run < 4; run += 1) await tx.query(insert, [`named-tx-${run}`]);
        expect((await tx.query(count)).rows).toEqual([{ n: 4 }]);
      });
      const undone = named.transaction(async (tx) => {
        for (let run = 4; run < 8; run += 1) await tx.query(insert, [`named-tx-${run}`]);
        throw new Error('undo');
      });
      await expect(undone).rejects.toThrow('undo');
      for (let run = 0; run < 3; run += 1) expect((await named.query(count)).rows).toEqual([{ n: 4 }]);
      // An error inside: the transaction ends rolled back, as with PGlite's own query.
      await expect(
        named.transaction(async (tx) => {
          await tx.query(insert, ['named-tx-8']);
          await tx.query(insert, ['named-tx-0']);
        }),
      ).rejects.toMatchObject({ code: '23505' });
      expect((await named.query(count)).rows).toEqual([{ n: 4 }]);
      let kept: Parameters<Parameters<PGlite['transaction']>[0]>[0] | undefined;
      await named.transaction(async (tx) => {
        kept = tx;
      });
      await expect(kept!.query(count)).rejects.toThrow('Transaction is closed');
    });

    it('keeps a query out of a transaction that is running, as PGlite’s own query does', async () => {
      const named = withNamedStatements(raw);
      const count = `select count(*)::int as n from request_nonce where request_id like 'named-lock-%'`;
      for (let run = 0; run < 3; run += 1) await named.query(count);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let inside!: () => void;
      const started = new Promise<void>((resolve) => (inside = resolve));
      const transaction = named.transaction(async (tx) => {
        await tx.query(`insert into request_nonce (request_id, expires_at) values ('named-lock-1', now())`);
        inside();
        await held;
        throw new Error('rolled back');
      });
      await started;
      const outside = named.query<{ n: number }>(count);
      await new Promise((resolve) => setTimeout(resolve, 50));
      release();
      await expect(transaction).rejects.toThrow('rolled back');
      // It waited for the transaction's end: run inside it, it would have seen the row that was rolled back.
      expect((await outside).rows).toEqual([{ n: 0 }]);
    });

    it('names the app’s statements unless the database is opened with namedStatements: false', async () => {
      await raw.exec('deallocate all');
      const off = pgliteDatabase(raw, APP_ROLE, { namedStatements: false });
      for (let run = 0; run < 4; run += 1) await off.system.db.execute(sql`select 40 + 2 as unnamed`);
      expect(await preparedTexts()).toEqual([]);
      const on = pgliteDatabase(raw, APP_ROLE);
      for (let run = 0; run < 4; run += 1) await on.system.db.execute(sql`select 40 + 2 as named`);
      expect(await preparedTexts()).toEqual(['select 40 + 2 as named']);
      await raw.exec('deallocate all');
    });

    it('prepares again on a handle made after the engine deallocated its statements', async () => {
      const text = `select $1::int + 1 as next`;
      const first = withNamedStatements(raw);
      for (let run = 0; run < 3; run += 1) await first.query(text, [run]);
      expect(await preparedTexts()).toContain(text);
      // What the test harness does between files (test/reuse.ts), and then a new handle for the next file.
      await raw.exec('deallocate all');
      const next = withNamedStatements(raw);
      for (let run = 0; run < 4; run += 1)
        expect((await next.query(text, [run])).rows).toEqual([{ next: run + 1 }]);
      expect(await preparedTexts()).toEqual([text]);
    });
  },
);
