import { createHash } from 'node:crypto';
import {
  IMPORT_COLUMNS,
  IMPORT_FILE_MAX_BYTES,
  IMPORT_MESSAGES,
  IMPORT_TYPE,
  TASK_STATUS,
  TASK_TYPE,
  type ImportUsersResult,
  type Lang,
} from '@psy/contracts';
import type { Database, TenantScope } from '../../core/db/database';
import { AppError, badRequest } from '../../core/http/app-error';
import type { Principal } from '../../core/http/context';
import type { JobHandler, JobQueue, JobRecord } from '../../core/jobs/queue';
import {
  deriveInitialPassword,
  hashInitialPassword,
  newInitialPasswordKey,
} from '../../core/security/password';
import type { FileStorage } from '../../core/storage/file-storage';
import {
  addTaskProgress,
  attachEndedTaskFile,
  completeTask,
  createTask,
  failTask,
  taskFailureReason,
  findTask,
  toTask,
  updateActiveTask,
} from '../downloads';
import {
  deptScopeOf,
  findDept,
  findRoleNames,
  findRolesWithPermissions,
  findTakenAccounts,
  findTakenNumbers,
  findUserNames,
  findUsersByAccount,
  insertUserRoles,
  insertUsers,
  isDeptInScope,
  isRoleGrantableBy,
  isTenantWideAdminRole,
  updateUsers,
  userTypeExists,
} from '../identity';
import { sendMessageByEvent } from '../messages';
import { getDict } from '../settings';
import {
  claimChunk,
  countOmittedErrors,
  findChunkUsers,
  findDoneChunks,
  findImportErrors,
  insertImportErrors,
  preferCustomPlans,
  setChunkUsers,
  type ErrorRow,
} from './user-import.repository';
import {
  checkSpreadsheetLimits,
  DEFAULT_IMPORT_LIMITS,
  headerKey,
  looksLikeText,
  openUserSheet,
  SheetError,
  spreadsheetKindOf,
  yieldToEventLoop,
  type ImportLimits,
  type SheetSource,
} from './user-import.sheet';
import { buildResult, buildTemplate, type InitialPasswordRow } from './user-import.template';
import {
  createRowValidator,
  type ImportUser,
  type ValidateContext,
  type ValidatedRow,
} from './user-import.validate';

/** The import limits of the configuration (env.ts IMPORT_*). */
export function importLimitsOf(env: {
  IMPORT_MAX_ROWS: number;
  IMPORT_MAX_COLUMNS: number;
  IMPORT_MAX_UNPACKED_MB: number;
  IMPORT_MAX_COMPRESSION_RATIO: number;
  IMPORT_MAX_ERROR_ROWS: number;
  IMPORT_CONCURRENCY: number;
}): ImportLimits {
  return {
    maxRows: env.IMPORT_MAX_ROWS,
    maxColumns: env.IMPORT_MAX_COLUMNS,
    maxUnpackedBytes: env.IMPORT_MAX_UNPACKED_MB * 1024 * 1024,
    maxCompressionRatio: env.IMPORT_MAX_COMPRESSION_RATIO,
    maxErrorRows: env.IMPORT_MAX_ERROR_ROWS,
    concurrency: env.IMPORT_CONCURRENCY,
  };
}

/** Queue of the import jobs (core/jobs). */
export const USER_IMPORT_QUEUE = 'users.import';
/** Rows per chunk transaction. */
export const IMPORT_CHUNK_ROWS = 1000;

export interface UserImportPayload {
  taskId: number;
}

/** What the job needs, decided when the file was accepted (stored in task_progress.params). */
interface ImportParams {
  lang: Lang;
  /**
   * Create mode: the key each created account's individual initial password is derived from
   * (`deriveInitialPassword`); removed once the result file lists the passwords.
   */
  passwordKey?: string | null;
  /** Tasks queued before individual passwords: one argon2id hash shared by the task's users. */
  passwordHash?: string | null;
  /** The uploader's department subtree, or null for a school-wide administrator. */
  scopeDeptIds: number[] | null;
  /** Roles the uploader may grant. */
  grantableRoleIds: number[];
  /** School-wide administrator roles (a scoped uploader cannot update their holders). */
  adminRoleIds: number[];
  /** Rows per chunk, fixed by the first run (chunk numbers must mean the same rows on a resume). */
  chunkRows?: number;
}

// --- templates ---------------------------------------------------------------------------------------

/** Dictionary names the template and the rows use. */
const DICT_NAMES = IMPORT_COLUMNS.flatMap((c) =>
  c.list && c.list !== 'idType' && c.list !== 'roles' ? [c.list] : [],
);

/** The uploader's scope, the roles they may grant (the user form's rule) and the school-wide administrator roles. */
async function rolesOf(scope: TenantScope, p: Principal) {
  const ds = await deptScopeOf(scope, p);
  const names = await findRoleNames(scope);
  const withPerms = await findRolesWithPermissions(
    scope,
    names.map((r) => r.id),
  );
  const admin = new Set(withPerms.filter(isTenantWideAdminRole).map((r) => r.id));
  const mayGrant = new Set(withPerms.filter((r) => isRoleGrantableBy(ds, r)).map((r) => r.id));
  const grantable = names.filter((r) => mayGrant.has(r.id));
  return { ds, names, grantable, adminRoleIds: [...admin] };
}

/** `exportFixedUserTemplate` / `exportExcelTemplate`: the template in the caller's language. */
export async function userTemplate(scope: TenantScope, p: Principal, lang: Lang, userTypeId: number) {
  if (!(await userTypeExists(scope, userTypeId))) throw badRequest('userTypeId', 'user type does not exist');
  const dicts = new Map<string, string[]>();
  for (const name of DICT_NAMES) {
    const items = await getDict(scope, name);
    dicts.set(
      name,
      items.map((i) => (lang === 'en-US' ? (i.labelEn ?? i.label) : i.label)),
    );
  }
  const { grantable } = await rolesOf(scope, p);
  return buildTemplate(lang, { dicts, roles: grantable.map((r) => r.roleName) });
}

// --- upload ------------------------------------------------------------------------------------------

export interface UploadedFile {
  filename: string;
  data: Buffer;
}

/**
 * `importUsers`: checks the file (name, content signature, size, MD5) and the target (department in the
 * caller's data scope, user type), stores the file, and records the task (queued) and its job in the
 * request's transaction. Create mode: a key from which every created account gets its own initial password,
 * listed in the result file.
 */
export async function startImport(
  deps: { files: FileStorage; jobs: JobQueue; limits?: ImportLimits },
  scope: TenantScope,
  p: Principal,
  lang: Lang,
  body: { fileMd5: string; deptId?: number; userTypeId?: number; importType: number },
  file: UploadedFile | undefined,
): Promise<ImportUsersResult> {
  if (!file || file.data.length === 0) throw badRequest('file', IMPORT_MESSAGES.fileRequired[lang]);
  if (!/\.(xlsx|xls)$/i.test(file.filename)) throw badRequest('file', IMPORT_MESSAGES.fileType[lang]);
  if (!spreadsheetKindOf(file.data)) {
    // A CSV or text list renamed .xlsx: say what it is and how to make a workbook of it.
    throw badRequest(
      'file',
      looksLikeText(file.data) ? IMPORT_MESSAGES.textNotWorkbook[lang] : IMPORT_MESSAGES.notWorkbook[lang],
    );
  }
  if (file.data.length > IMPORT_FILE_MAX_BYTES) {
    throw badRequest('file', `the file is larger than ${IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB`);
  }
  if (createHash('md5').update(file.data).digest('hex') !== body.fileMd5.toLowerCase()) {
    throw badRequest('fileMd5', 'fileMd5 does not match the file (upload it again)');
  }
  // What the file declares (unpacked sizes, compression, rows, columns) is checked before anything is
  // parsed; the job checks it again and counts the rows as it reads.
  try {
    await checkSpreadsheetLimits(file.data, deps.limits ?? DEFAULT_IMPORT_LIMITS);
  } catch (err) {
    if (err instanceof SheetError) throw badRequest('file', err.text[lang]);
    throw err;
  }
  // A left-out part is "not given" for the schema: the same messages here (spec S0.5).
  if (body.userTypeId === undefined) throw badRequest('userTypeId', IMPORT_MESSAGES.userTypeRequired[lang]);
  if (body.deptId === undefined) throw badRequest('deptId', IMPORT_MESSAGES.deptRequired[lang]);
  const { deptId, userTypeId } = body;
  const { ds, grantable, adminRoleIds } = await rolesOf(scope, p);
  if (!(await findDept(scope, deptId))) throw badRequest('deptId', 'department does not exist');
  if (!isDeptInScope(ds, deptId)) {
    throw new AppError('forbidden', 'deptId: the department is outside your data scope');
  }
  if (!(await userTypeExists(scope, userTypeId))) throw badRequest('userTypeId', 'user type does not exist');
  const create = body.importType === IMPORT_TYPE.create;
  const params: ImportParams = {
    lang,
    passwordKey: create ? newInitialPasswordKey() : null,
    scopeDeptIds: ds === null ? null : [...ds.deptIds],
    grantableRoleIds: grantable.map((r) => r.id),
    adminRoleIds,
  };
  const sourceKey = await deps.files.put(`tenant-${scope.tenantId}/imports`, file.data);
  const task = await createTask(scope, {
    taskType: create ? TASK_TYPE.importCreate : TASK_TYPE.importUpdate,
    fileName: file.filename.slice(0, 200),
    sourceKey,
    createUserId: p.userId,
    createUserName: p.realName,
    deptId,
    userTypeId,
    params: params as unknown as Record<string, unknown>,
  });
  const jobId = await deps.jobs.enqueue(
    scope,
    USER_IMPORT_QUEUE,
    { taskId: task.id } satisfies UserImportPayload,
    {
      maxAttempts: 5,
    },
  );
  const withJob = await updateActiveTask(scope, task.id, { jobId });
  return { task: toTask(withJob ?? task), passwordsInResult: create };
}

// --- the job -----------------------------------------------------------------------------------------

export interface ImportRunOptions {
  /** Rows per chunk of a task's first run (later runs keep it). */
  chunkRows?: number;
  /** Chunk transactions in flight at once. */
  concurrency?: number;
  /** Tests: start at most this many chunks, then stop as a killed process would (task stays processing). */
  stopAfterChunks?: number;
  /** Tests and bench: called after each committed chunk with the row index the chunk ended at. */
  onChunk?: (endRow: number) => Promise<void> | void;
}

export interface ImportRunResult {
  outcome: 'done' | 'failed' | 'cancelled' | 'interrupted' | 'skipped';
  readMs: number;
  validateMs: number;
  writeMs: number;
}

async function validationContext(
  scope: TenantScope,
  mode: 'create' | 'update',
  task: { deptId: number | null; userTypeId: number | null },
  params: ImportParams,
): Promise<ValidateContext> {
  const dicts = new Map<string, Map<string, string>>();
  for (const name of ['sex', ...DICT_NAMES]) {
    const m = new Map<string, string>();
    for (const i of await getDict(scope, name)) {
      m.set(headerKey(i.value), i.value);
      m.set(headerKey(i.label), i.value);
      if (i.labelEn) m.set(headerKey(i.labelEn), i.value);
    }
    dicts.set(name, m);
  }
  const grantable = new Set(params.grantableRoleIds);
  const roles = new Map<string, number>();
  for (const r of await findRoleNames(scope)) {
    if (!grantable.has(r.id)) continue;
    roles.set(headerKey(r.roleName), r.id);
    roles.set(headerKey(r.roleCode), r.id);
  }
  return { mode, lang: params.lang, deptId: task.deptId!, userTypeId: task.userTypeId!, dicts, roles };
}

const REASONS = {
  accountTaken: { 'zh-CN': '登录账号已存在', 'en-US': 'login account already exists' },
  numberTaken: { 'zh-CN': '学号/工号已存在', 'en-US': 'number already exists' },
  noSuchUser: { 'zh-CN': '用户不存在', 'en-US': 'user does not exist' },
  outOfScope: { 'zh-CN': '用户不在您的数据权限范围内', 'en-US': 'the user is outside your data scope' },
  adminUser: {
    'zh-CN': '学校管理员只能由学校管理员修改',
    'en-US': 'a school-wide administrator can only be changed by a school-wide administrator',
  },
} as const;

const label = (key: string, lang: Lang) => IMPORT_COLUMNS.find((c) => c.key === key)!.label[lang];

/** What an account's initial password is derived from: the task and the account's row in the file. */
const passwordSubject = (tenantId: number, taskId: number, rowNo: number) => `${tenantId}:${taskId}:${rowNo}`;

/** The stored hash of a created account's initial password. */
function initialPasswordHash(params: ImportParams, tenantId: number, taskId: number, rowNo: number) {
  if (!params.passwordKey) return params.passwordHash!;
  return hashInitialPassword(
    deriveInitialPassword(params.passwordKey, passwordSubject(tenantId, taskId, rowNo)),
  );
}

/** Writes one chunk's users; answers the refused rows (issues found against the database included). */
async function writeChunk(
  scope: TenantScope,
  mode: 'create' | 'update',
  chunk: readonly ValidatedRow[],
  task: { id: number; chunkNo: number; deptId: number; userTypeId: number },
  params: ImportParams,
): Promise<{ success: number; errors: ErrorRow[] }> {
  const errors: ErrorRow[] = [];
  const refuse = (rowNo: number, key: string, reason: Record<Lang, string>) =>
    errors.push({ rowNo, column: label(key, params.lang), reason: reason[params.lang] });
  const good: { rowNo: number; user: ImportUser }[] = [];
  for (const r of chunk) {
    if (r.ok) good.push({ rowNo: r.rowNo, user: r.user });
    else for (const i of r.issues) errors.push({ rowNo: r.rowNo, column: i.column, reason: i.reason });
  }
  let success = 0;
  if (mode === 'create') {
    const taken = await findTakenAccounts(
      scope,
      good.map((g) => g.user.username.toLowerCase()),
    );
    const takenNumbers = await findTakenNumbers(
      scope,
      good.flatMap((g) => (g.user.numberName ? [g.user.numberName] : [])),
    );
    const fresh = good.filter((g) => {
      if (taken.has(g.user.username.toLowerCase())) refuse(g.rowNo, 'username', REASONS.accountTaken);
      else if (g.user.numberName && takenNumbers.has(g.user.numberName))
        refuse(g.rowNo, 'numberName', REASONS.numberTaken);
      else return true;
      return false;
    });
    const ids = await insertUsers(
      scope,
      fresh.map((g) => g.user),
      fresh.map((g) => initialPasswordHash(params, scope.tenantId, task.id, g.rowNo)),
      { deptId: task.deptId, userTypeId: task.userTypeId },
    );
    const pairs: { userId: number; roleId: number }[] = [];
    const created: { userId: number; rowNo: number }[] = [];
    for (const g of fresh) {
      const id = ids.get(g.user.username.toLowerCase());
      // Taken by someone else between the look-up and the insert (ON CONFLICT DO NOTHING).
      if (id === undefined) refuse(g.rowNo, 'username', REASONS.accountTaken);
      else {
        success += 1;
        created.push({ userId: id, rowNo: g.rowNo });
        for (const roleId of g.user.roleIds ?? []) pairs.push({ userId: id, roleId });
      }
    }
    await insertUserRoles(scope, pairs);
    await setChunkUsers(scope, task.id, task.chunkNo, created);
  } else {
    const existing = await findUsersByAccount(
      scope,
      good.map((g) => g.user.username.toLowerCase()),
      params.adminRoleIds,
    );
    const scoped = params.scopeDeptIds ? new Set(params.scopeDeptIds) : null;
    const updates: { id: number; user: ImportUser }[] = [];
    for (const g of good) {
      const u = existing.get(g.user.username.toLowerCase());
      if (!u) refuse(g.rowNo, 'username', REASONS.noSuchUser);
      else if (scoped && (u.deptId === null || !scoped.has(u.deptId)))
        refuse(g.rowNo, 'username', REASONS.outOfScope);
      else if (scoped && u.isAdmin) refuse(g.rowNo, 'username', REASONS.adminUser);
      else updates.push({ id: u.id, user: g.user });
    }
    await updateUsers(scope, updates);
    success = updates.length;
  }
  return { success, errors };
}

/**
 * Runs (or resumes) an import task: reads and validates the whole file, then writes it in chunks from
 * the task's `currentProgress`. Each chunk is ONE transaction that locks the task row, stops if the
 * task was cancelled, writes the users, the refused rows and the progress together: a process killed
 * mid-import resumes after the last committed chunk and never writes a row twice.
 */
export async function runImportTask(
  deps: { database: Database; files: FileStorage; limits?: ImportLimits },
  tenantId: number,
  taskId: number,
  opts: ImportRunOptions = {},
): Promise<ImportRunResult> {
  const timing = { readMs: 0, validateMs: 0, writeMs: 0 };
  const db = deps.database;
  const start = await db.withTenant(tenantId, async (scope) => {
    const t = await findTask(scope, taskId, true);
    if (!t || (t.taskStatus !== TASK_STATUS.queued && t.taskStatus !== TASK_STATUS.processing)) return null;
    const p = t.params as unknown as ImportParams;
    const params = { ...p, chunkRows: p.chunkRows ?? opts.chunkRows ?? IMPORT_CHUNK_ROWS };
    return updateActiveTask(scope, taskId, {
      taskStatus: TASK_STATUS.processing,
      params: params as unknown as Record<string, unknown>,
    });
  });
  if (!start) {
    const t = await db.withTenant(tenantId, (scope) => findTask(scope, taskId));
    if (t?.taskStatus === TASK_STATUS.cancelled) {
      if (t.sourceKey) await deps.files.remove(t.sourceKey);
      await keepPasswordsOfEndedTask(deps, tenantId, taskId);
    }
    return { outcome: 'skipped', ...timing };
  }
  const params = start.params as unknown as ImportParams;
  const chunkRows = params.chunkRows!;
  const mode: 'create' | 'update' = start.taskType === TASK_TYPE.importCreate ? 'create' : 'update';
  const fail = async (reason: string) => {
    await db.withTenant(tenantId, (scope) => failTask(scope, taskId, reason));
    if (start.sourceKey) await deps.files.remove(start.sourceKey);
    await keepPasswordsOfEndedTask(deps, tenantId, taskId);
    return { outcome: 'failed' as const, ...timing };
  };

  let t0 = performance.now();
  const limits = deps.limits ?? DEFAULT_IMPORT_LIMITS;
  const bytes = start.sourceKey ? await deps.files.get(start.sourceKey) : null;
  if (!bytes)
    return fail(
      params.lang === 'zh-CN'
        ? '上传的文件已不存在，请重新上传'
        : 'the uploaded file is gone; upload it again',
    );
  let sheet: SheetSource;
  try {
    // Checks the declared sizes, finds the header and counts the rows: a file over a limit is refused
    // before any row is written.
    sheet = await openUserSheet(bytes, limits);
  } catch (err) {
    if (err instanceof SheetError) return fail(err.text[params.lang]);
    throw err;
  }
  const found = new Set(sheet.columns.map((c) => c.key));
  const missing = IMPORT_COLUMNS.filter(
    (c) => !found.has(c.key) && (mode === 'create' ? c.required : c.key === 'username'),
  );
  if (missing.length > 0) {
    const names = missing.map((c) => c.label[params.lang]);
    return fail(
      params.lang === 'zh-CN'
        ? `工作表“${sheet.sheetName}”缺少必填列：${names.join('、')}`
        : `sheet "${sheet.sheetName}" lacks the required columns: ${names.join(', ')}`,
    );
  }
  timing.readMs = performance.now() - t0;

  t0 = performance.now();
  const ctx = await db.withTenant(tenantId, (scope) => validationContext(scope, mode, start, params));
  const begun = await db.withTenant(tenantId, async (scope) => {
    const total = sheet.dataRows;
    const t = await updateActiveTask(scope, taskId, { totalCount: total, totalProgress: total });
    return t ? findDoneChunks(scope, taskId) : null;
  });
  if (begun === null) return finishCancelled();

  // The rows are read, validated and written a chunk at a time, in file order (chunk n is always the same
  // rows: a resumed run validates the chunks written before again, for the duplicates, and skips them);
  // at most `concurrency` chunk transactions are in flight while the next chunk is read.
  const concurrency = Math.max(1, opts.concurrency ?? limits.concurrency);
  const firstPassMs = timing.readMs;
  const validate = createRowValidator(ctx);
  const inFlight = new Set<Promise<void>>();
  let failure: unknown = null;
  let stopped: 'cancelled' | 'interrupted' | null = null;
  let chunkCount = 0;
  let started = 0;
  let rowCount = 0;
  let pending: ValidatedRow[] = [];
  const writeOne = async (chunkNo: number, chunk: readonly ValidatedRow[]) => {
    const outcome = await db.withTenant(tenantId, async (scope) => {
      const t = await findTask(scope, taskId);
      if (!t || t.taskStatus !== TASK_STATUS.processing) return 'stopped' as const;
      // Inserted first: a chunk another run already wrote (or is writing) is skipped, never written twice.
      if (!(await claimChunk(scope, taskId, chunkNo, chunk.length))) return 'skipped' as const;
      await preferCustomPlans(scope);
      const { success, errors } = await writeChunk(
        scope,
        mode,
        chunk,
        { id: taskId, chunkNo, deptId: start.deptId!, userTypeId: start.userTypeId! },
        params,
      );
      const failed = new Set(errors.map((e) => e.rowNo)).size;
      // The task row is locked from here to the commit: briefly, and it makes the cap on the refused
      // cells kept exact while two chunks run at once.
      await addTaskProgress(scope, taskId, { processed: chunk.length, success, failed });
      await insertImportErrors(scope, taskId, chunkNo, errors, limits.maxErrorRows);
      return 'written' as const;
    });
    if (outcome === 'stopped') stopped = 'cancelled';
    else if (outcome === 'written') await opts.onChunk?.(chunkNo * chunkRows + chunk.length);
  };
  const schedule = async (chunk: ValidatedRow[]) => {
    const chunkNo = chunkCount++;
    if (begun.has(chunkNo)) return;
    if (opts.stopAfterChunks !== undefined && started >= opts.stopAfterChunks) {
      stopped = 'interrupted';
      return;
    }
    started += 1;
    const p: Promise<void> = writeOne(chunkNo, chunk).then(
      () => void inFlight.delete(p),
      (err: unknown) => {
        inFlight.delete(p);
        failure ??= err;
      },
    );
    inFlight.add(p);
    if (inFlight.size >= concurrency) await Promise.race(inFlight);
  };
  const rows = sheet.rows()[Symbol.asyncIterator]();
  for (;;) {
    if (stopped || failure) break;
    const tr = performance.now();
    const next = await rows.next();
    timing.readMs += performance.now() - tr;
    if (next.done) break;
    const tv = performance.now();
    const validated = validate(next.value);
    timing.validateMs += performance.now() - tv;
    rowCount += validated.length;
    for (const v of validated) {
      pending.push(v);
      if (pending.length === chunkRows) {
        await schedule(pending);
        pending = [];
      }
    }
    // Other requests of the process run between pieces of the file.
    await yieldToEventLoop();
  }
  if (!stopped && !failure && pending.length > 0) await schedule(pending);
  await rows.return?.();
  await Promise.all(inFlight);
  if (failure) throw failure;
  if (stopped === 'cancelled') return finishCancelled();
  timing.writeMs = performance.now() - t0 - timing.validateMs - (timing.readMs - firstPassMs);
  if (stopped === 'interrupted') return { outcome: 'interrupted', ...timing };
  const written = await db.withTenant(tenantId, (scope) => findDoneChunks(scope, taskId));
  // Another worker still writing a chunk (its lease had run out) finishes the task itself.
  if (written.size < chunkCount) return { outcome: 'interrupted', ...timing };
  // Rows whose cells were only spaces were counted in the first pass but are not data rows.
  if (rowCount !== sheet.dataRows) {
    await db.withTenant(tenantId, (scope) =>
      updateActiveTask(scope, taskId, { totalCount: rowCount, totalProgress: rowCount }),
    );
  }

  // The result file, then the task done (its password key dropped) and the creator told (one transaction).
  const fileKey = await storeResult(deps, tenantId, taskId);
  const done = await db.withTenant(tenantId, async (scope) => {
    await updateActiveTask(scope, taskId, { params: withoutPasswordKey(params) });
    const task = await completeTask(scope, taskId, fileKey);
    if (task) {
      await sendMessageByEvent(scope, {
        event: 'USER_IMPORT_FINISHED',
        userIds: [task.createUserId],
        params: {
          fileName: task.fileName,
          successCount: String(task.successCount),
          failCount: String(task.failCount),
        },
        lang: params.lang,
      });
    }
    return task;
  });
  if (!done) await deps.files.remove(fileKey);
  if (start.sourceKey) await deps.files.remove(start.sourceKey);
  return { outcome: done ? 'done' : 'cancelled', ...timing };

  async function finishCancelled(): Promise<ImportRunResult> {
    if (start?.sourceKey) await deps.files.remove(start.sourceKey);
    await keepPasswordsOfEndedTask(deps, tenantId, taskId);
    timing.writeMs = performance.now() - t0;
    return { outcome: 'cancelled', ...timing };
  }
}

const withoutPasswordKey = (params: ImportParams): Record<string, unknown> => {
  const { passwordKey: _key, ...rest } = params;
  return rest;
};

/** The created accounts' initial passwords, one chunk at a time (a short transaction each). */
async function* initialPasswords(
  database: Database,
  tenantId: number,
  taskId: number,
  key: string,
): AsyncIterable<InitialPasswordRow[]> {
  const chunks = await database.withTenant(tenantId, (scope) => findChunkUsers(scope, taskId));
  for (const chunk of chunks) {
    const users = await database.withTenant(tenantId, (scope) => findUserNames(scope, chunk));
    yield users.map((u) => ({
      username: u.username,
      realName: u.realName,
      password: deriveInitialPassword(key, passwordSubject(tenantId, taskId, u.rowNo)),
    }));
  }
}

/** Builds and stores the task's result file (refused rows, and the initial passwords while the key is kept). */
async function storeResult(
  deps: { database: Database; files: FileStorage },
  tenantId: number,
  taskId: number,
): Promise<string> {
  const { database } = deps;
  const task = (await database.withTenant(tenantId, (scope) => findTask(scope, taskId)))!;
  const params = task.params as unknown as ImportParams;
  const errors = await database.withTenant(tenantId, (scope) => findImportErrors(scope, taskId));
  const omitted = await database.withTenant(tenantId, (scope) => countOmittedErrors(scope, taskId));
  const result = await buildResult(
    params.lang,
    {
      fileName: task.fileName,
      total: task.totalCount,
      success: task.successCount,
      failed: task.failCount,
      omitted,
    },
    errors,
    params.passwordKey ? initialPasswords(database, tenantId, taskId, params.passwordKey) : undefined,
  );
  return deps.files.put(`tenant-${tenantId}/imports`, result);
}

/**
 * A create task that ended cancelled or failed after creating users keeps a result file with their initial
 * passwords (nobody else can know them); either way its password key is dropped.
 */
async function keepPasswordsOfEndedTask(
  deps: { database: Database; files: FileStorage },
  tenantId: number,
  taskId: number,
): Promise<void> {
  const task = await deps.database.withTenant(tenantId, (scope) => findTask(scope, taskId));
  const params = task?.params as unknown as ImportParams | undefined;
  if (!task || !params?.passwordKey) return;
  const fileKey = task.successCount > 0 ? await storeResult(deps, tenantId, taskId) : null;
  const attached = await deps.database.withTenant(tenantId, (scope) =>
    attachEndedTaskFile(scope, taskId, fileKey, withoutPasswordKey(params)),
  );
  if (!attached && fileKey) await deps.files.remove(fileKey);
}

/** The queue handler: runs or resumes the task; a failure is thrown for the queue to retry. */
export function createUserImportJob(deps: {
  database: Database;
  files: FileStorage;
  limits?: ImportLimits;
}): JobHandler<UserImportPayload> {
  return (job) => runImportTask(deps, job.tenantId!, job.payload.taskId);
}

/**
 * The import job's end when it fails for good (core/jobs `onFinalFailure`, also when a process died on
 * its last attempt): the task fails with a reason in the language it was started in, at the counts its
 * committed chunks reached, and the uploaded file is removed.
 */
export function failUserImportTask(deps: { database: Database; files: FileStorage }) {
  return async (job: JobRecord<UserImportPayload>, error: Error): Promise<void> => {
    const tenantId = job.tenantId!;
    const { taskId } = job.payload;
    const task = await deps.database.withTenant(tenantId, async (scope) => {
      const t = await findTask(scope, taskId);
      if (!t) return null;
      const lang = (t.params as unknown as Partial<ImportParams>).lang ?? 'zh-CN';
      await failTask(scope, taskId, taskFailureReason('import', lang, error));
      return t;
    });
    if (task?.sourceKey) await deps.files.remove(task.sourceKey);
    // A create task keeps the created accounts' initial passwords in its result file (nobody else can know
    // them). Best effort: the failure may be the database's, and the task has already failed.
    await keepPasswordsOfEndedTask(deps, tenantId, taskId).catch(() => undefined);
  };
}
