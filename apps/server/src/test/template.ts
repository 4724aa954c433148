import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import pg from 'pg';
import { openDatabase, refreshStatistics, type Database, type PgliteAssets } from '../core/db/database';
import { getPasswordKey } from '../core/security/password-key';
import { SERVER_ROOT } from '../env';
import { seedSchool, type SeededSchool } from '../seed/school';
import { ALPHA, BETA } from './schools';

export const MIGRATIONS = path.join(SERVER_ROOT, 'drizzle');
export const APP_ROLE = 'psy_app';

export interface TestSchools {
  alpha: SeededSchool;
  beta: SeededSchool;
}

/**
 * The databases every server test file starts from, built once per run (global-setup.ts). On PGlite the
 * fields name data-directory snapshots (tar files); on PostgreSQL, template databases on the server of
 * TEST_DATABASE_URL. A test file gets a copy, so it never sees another file's writes.
 */
export interface TestTemplates {
  kind: 'pglite' | 'postgres';
  /** Migrated, with the app role and its grants; no school. */
  empty: string;
  /** `empty` plus the schools ALPHA and BETA. */
  seeded: string;
  /** What seeding ALPHA and BETA answered, for the copies of `seeded`. */
  schools: TestSchools;
}

/**
 * Seeds the two schools of the server tests, then refreshes the planner's statistics, as the demo seed
 * does: copies keep them, and a request planned without them cost two to four times the CPU.
 */
export async function seedTestSchools(database: Database): Promise<TestSchools> {
  const alpha = await seedSchool(database, ALPHA);
  const beta = await seedSchool(database, BETA);
  await refreshStatistics(database);
  return { alpha, beta };
}

/**
 * PGlite settings of the test databases: 16 MB of shared buffers instead of PGlite's 128 MB. A test file's
 * database is a few megabytes, and each start of a copy spent about 100 ms of CPU clearing the buffers.
 */
export const TEST_PGLITE_SETTINGS = { shared_buffers: '16MB' } as const;

/** Opens a fresh database and applies the migrations: what every copy was before templates. */
export function openMigrated(url?: string): Promise<Database> {
  return url
    ? openDatabase({ url, appRole: APP_ROLE, migrationsDir: MIGRATIONS, poolSize: 5 })
    : openDatabase({
        appRole: APP_ROLE,
        migrationsDir: MIGRATIONS,
        pgliteSettings: TEST_PGLITE_SETTINGS,
        pgliteAssets: testPgliteAssets(),
      });
}

async function adminQuery(base: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

const uniqueName = (prefix: string) => `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 16)}`;

/**
 * A new database on the server of `base`, a copy of `template` when given (it must have no open
 * connection), else empty.
 */
export async function createPostgresDatabase(base: string, template?: string) {
  const name = uniqueName('t');
  await adminQuery(base, `create database ${name}${template ? ` template ${template}` : ''}`);
  return {
    name,
    url: databaseUrl(base, name),
    drop: () => adminQuery(base, `drop database if exists ${name} with (force)`),
  };
}

const snapshots = new Map<string, Blob>();

/**
 * A PGlite snapshot file as the Blob that `PGlite.create({ loadDataDir })` takes, read once per worker (a
 * Blob cannot change). With `testPgliteAssets`, this spares each start reading and copying 36 MB of files,
 * which the collector then had to go over: in a worker with a 400 MB heap, as the app's tests have, a start
 * took 1.4 CPU-seconds reading them and 0.8 to 0.9 with them kept (docs/decisions.md).
 */
export function readSnapshot(file: string): Blob {
  let blob = snapshots.get(file);
  if (!blob) snapshots.set(file, (blob = new Blob([fs.readFileSync(file)])));
  return blob;
}

let assets: PgliteAssets | undefined;
// The server's types have WebAssembly's types (from PGlite's declarations) but not its global object.
const wasm = (
  globalThis as unknown as { WebAssembly: { Module: new (bytes: Uint8Array) => WebAssembly.Module } }
).WebAssembly;

/** PGlite's compiled module and file bundle, read once per worker (see `readSnapshot`). */
export function testPgliteAssets(): PgliteAssets {
  if (!assets) {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    assets = {
      wasmModule: new wasm.Module(fs.readFileSync(path.join(dist, 'pglite.wasm'))),
      fsBundle: new Blob([fs.readFileSync(path.join(dist, 'pglite.data'))]),
    };
  }
  return assets;
}

/** One entry of a ustar archive: its header's fields and where the whole entry (header and data) lies. */
interface TarEntry {
  name: string;
  size: number;
  mode: number;
  type: string;
  /** Offset of the header; the data follows it. */
  at: number;
  /** Offset just past the entry's last data block. */
  end: number;
}

/** The entries of a ustar archive (regular files and directories, as PGlite's `dumpDataDir('none')` writes). */
function* tarEntries(tar: Buffer): Generator<TarEntry> {
  let at = 0;
  while (at + 512 <= tar.length) {
    const header = tar.subarray(at, at + 512);
    if (header.every((byte) => byte === 0)) return; // end of archive
    const field = (start: number, length: number) =>
      header
        .subarray(start, start + length)
        .toString('latin1')
        .replace(/\0[\s\S]*$/, '');
    const size = parseInt(field(124, 12).trim() || '0', 8);
    const end = at + 512 + Math.ceil(size / 512) * 512;
    yield {
      name: [field(345, 155), field(0, 100)].filter(Boolean).join('/'),
      size,
      mode: parseInt(field(100, 8).trim() || '644', 8),
      type: field(156, 1) || '0',
      at,
      end,
    };
    at = end;
  }
}

/**
 * Writes the files of a snapshot into `dir`, making it a PGlite data directory on disk. Plain file writes:
 * loading the snapshot through PGlite's own file system into a directory took about three times as long.
 */
export function extractSnapshot(file: string, dir: string): void {
  const tar = fs.readFileSync(file);
  const root = path.resolve(dir);
  for (const { name, size, mode, type, at } of tarEntries(tar)) {
    const target = path.resolve(root, name.replace(/^\/+/, ''));
    if (target !== root && !target.startsWith(root + path.sep)) {
      throw new Error(`snapshot entry ${name} lies outside ${dir}`);
    }
    if (type === '5') {
      fs.mkdirSync(target, { recursive: true, mode: mode | 0o700 });
    } else if (type === '0') {
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, tar.subarray(at + 512, at + 512 + size), { mode });
    } else {
      throw new Error(`snapshot entry ${name}: tar entry type '${type}' is not supported`);
    }
  }
}

/** The entry's header with another data size (and its checksum recomputed). */
function withSize(header: Buffer, size: number): Buffer {
  const out = Buffer.from(header);
  out.write(`${size.toString(8).padStart(11, '0')}\0`, 124, 12, 'latin1');
  out.fill(0x20, 148, 156); // the checksum counts its own field as spaces
  let sum = 0;
  for (const byte of out) sum += byte;
  out.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'latin1');
  return out;
}

const WAL_PAGE = 8192;

/**
 * The archive as a copy needs it, a third of its size (test/template.test.ts holds a copy to working on it):
 * - without the WAL segments (`pg_wal/<24 hex digits>`) that sort before `firstKept` or after `lastKept`.
 *   After a checkpoint the server needs only the segments from the one holding the checkpoint's redo point
 *   to the one it writes now; the others are old or recycled for later (16 MB each);
 * - the kept segments without their tail of zero pages: the server reads a missing page as it reads a page
 *   of zeros, the end of the log, and writes the file longer as it goes on;
 * - without the template databases (`base/1`, `base/4`): a copy never creates a database.
 */
export function slimSnapshot(tar: Buffer, firstKept: string, lastKept: string): Buffer {
  const kept: Buffer[] = [];
  for (const { name, size, at, end } of tarEntries(tar)) {
    if (/(^|\/)base\/[14](\/|$)/.test(name)) continue;
    const segment = /(^|\/)pg_wal\/([0-9A-F]{24})$/.exec(name)?.[2];
    if (!segment) {
      kept.push(tar.subarray(at, end));
      continue;
    }
    if (segment < firstKept || segment > lastKept) continue;
    const data = tar.subarray(at + 512, at + 512 + size);
    let used = 0;
    for (let page = 0; page < data.length; page += WAL_PAGE) {
      if (data.subarray(page, page + WAL_PAGE).some((byte) => byte !== 0)) used = page + WAL_PAGE;
    }
    used = Math.min(used, size);
    kept.push(withSize(tar.subarray(at, at + 512), used), data.subarray(0, used));
    kept.push(Buffer.alloc((512 - (used % 512)) % 512));
  }
  kept.push(Buffer.alloc(1024)); // end of archive
  return Buffer.concat(kept);
}

async function snapshot(database: Database, file: string): Promise<void> {
  // Without a checkpoint the copy would replay WAL on start and sequences would jump ahead by up to 32
  // (their pre-logged values); after one it starts exactly where the template stopped.
  const pglite = database.pglite!;
  await pglite.exec('checkpoint');
  const wal = await pglite.query<{ redo: string; current: string }>(
    `select pg_walfile_name(redo_lsn) as redo, pg_walfile_name(pg_current_wal_lsn()) as current
       from pg_control_checkpoint()`,
  );
  const { redo, current } = wal.rows[0]!;
  const tar = Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer());
  fs.writeFileSync(file, slimSnapshot(tar, redo, current));
}

/**
 * Creates the database's password-encryption key pair, as the first login of an installation does, so that
 * every copy has it: an RSA key pair took about 75 ms of CPU to make, once in every test file.
 */
async function withPasswordKey(database: Database): Promise<void> {
  await getPasswordKey(database.system);
}

/**
 * Builds both templates: on PGlite when `base` is undefined, else on that PostgreSQL server. `dispose`
 * removes them.
 */
export async function buildTemplates(
  base?: string,
): Promise<{ templates: TestTemplates; dispose: () => Promise<void> }> {
  if (!base) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psy-test-template-'));
    const empty = path.join(dir, 'empty.tar');
    const seeded = path.join(dir, 'seeded.tar');
    const database = await openMigrated();
    try {
      await withPasswordKey(database);
      await snapshot(database, empty);
      const schools = await seedTestSchools(database);
      await snapshot(database, seeded);
      return {
        templates: { kind: 'pglite', empty, seeded, schools },
        dispose: async () => fs.rmSync(dir, { recursive: true, force: true }),
      };
    } catch (err) {
      fs.rmSync(dir, { recursive: true, force: true });
      throw err;
    } finally {
      await database.close();
    }
  }

  const created: { drop: () => Promise<void> }[] = [];
  const dispose = async () => {
    for (const db of created.reverse()) await db.drop();
  };
  try {
    const empty = await createPostgresDatabase(base);
    created.push(empty);
    const migrated = await openMigrated(empty.url);
    try {
      await withPasswordKey(migrated);
    } finally {
      await migrated.close();
    }
    const seeded = await createPostgresDatabase(base, empty.name);
    created.push(seeded);
    const database = await openMigrated(seeded.url);
    let schools: TestSchools;
    try {
      schools = await seedTestSchools(database);
    } finally {
      await database.close();
    }
    return { templates: { kind: 'postgres', empty: empty.name, seeded: seeded.name, schools }, dispose };
  } catch (err) {
    await dispose();
    throw err;
  }
}
