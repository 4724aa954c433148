import { createHash } from 'node:crypto';
import {
  IMPORT_COLUMNS,
  IMPORT_FILE_MAX_BYTES,
  IMPORT_MESSAGES,
  IMPORT_ROWS_MAX,
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
import { hashPassword } from '../../core/security/password';
import type { FileStorage } from '../../core/storage/file-storage';
import {
  addTaskProgress,
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
  findUsersByAccount,
  generateInitialPassword,
  insertUserRoles,
  insertUsers,
  isDeptInScope,
  isTenantWideAdminRole,
  updateUsers,
  userTypeExists,
} from '../identity';
import { sendMessageByEvent } from '../messages';
import { getDict } from '../settings';
import {
  claimChunk,
  findDoneChunks,
  findImportErrors,
  insertImportErrors,
  preferCustomPlans,
  type ErrorRow,
} from './user-import.repository';
import { headerKey, readUserSheet, SheetError, spreadsheetKindOf } from './user-import.sheet';
import { buildResult, buildTemplate } from './user-import.template';
import {
  validateRows,
  type ImportUser,
  type ValidateContext,
  type ValidatedRow,
} from './user-import.validate';

/** Queue of the import jobs (core/jobs). */
export const USER_IMPORT_QUEUE = 'users.import';
/** Rows per chunk transaction. */
export const IMPORT_CHUNK_ROWS = 1000;
/** Chunk transactions of one task in flight at once (PostgreSQL does the work: one core each). */
export const IMPORT_CONCURRENCY = 2;

export interface UserImportPayload {
  taskId: number;
}

/** What the job needs, decided when the file was accepted (stored in task_progress.params). */
interface ImportParams {
  lang: Lang;
  /** argon2id hash of the task's initial password (create mode). */
  passwordHash: string | null;
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

async function rolesOf(scope: TenantScope, p: Principal) {
  const ds = await deptScopeOf(scope, p);
  const names = await findRoleNames(scope);
  const withPerms = await findRolesWithPermissions(
    scope,
    names.map((r) => r.id),
  );
  const admin = new Set(withPerms.filter(isTenantWideAdminRole).map((r) => r.id));
  const grantable = names.filter((r) => ds === null || !admin.has(r.id));
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
 * request's transaction. Create mode: one initial password for the task, hashed once (argon2id).
 */
export async function startImport(
  deps: { files: FileStorage; jobs: JobQueue },
  scope: TenantScope,
  p: Principal,
  lang: Lang,
  body: { fileMd5: string; deptId?: number; userTypeId?: number; importType: number },
  file: UploadedFile | undefined,
): Promise<ImportUsersResult> {
  if (!file || file.data.length === 0) throw badRequest('file', IMPORT_MESSAGES.fileRequired[lang]);
  if (!/\.(xlsx|xls)$/i.test(file.filename) || !spreadsheetKindOf(file.data)) {
    throw badRequest('file', IMPORT_MESSAGES.fileType[lang]);
  }
  if (file.data.length > IMPORT_FILE_MAX_BYTES) {
    throw badRequest('file', `the file is larger than ${IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB`);
  }
  if (createHash('md5').update(file.data).digest('hex') !== body.fileMd5.toLowerCase()) {
    throw badRequest('fileMd5', 'fileMd5 does not match the file (upload it again)');
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
  const initialPassword = create ? generateInitialPassword() : null;
  const params: ImportParams = {
    lang,
    passwordHash: initialPassword ? await hashPassword(initialPassword) : null,
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
  return { task: toTask(withJob ?? task), initialPassword };
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

/** Writes one chunk's users; answers the refused rows (issues found against the database included). */
async function writeChunk(
  scope: TenantScope,
  mode: 'create' | 'update',
  chunk: readonly ValidatedRow[],
  task: { deptId: number; userTypeId: number },
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
      { passwordHash: params.passwordHash!, deptId: task.deptId, userTypeId: task.userTypeId },
    );
    const pairs: { userId: number; roleId: number }[] = [];
    for (const g of fresh) {
      const id = ids.get(g.user.username.toLowerCase());
      // Taken by someone else between the look-up and the insert (ON CONFLICT DO NOTHING).
      if (id === undefined) refuse(g.rowNo, 'username', REASONS.accountTaken);
      else {
        success += 1;
        for (const roleId of g.user.roleIds ?? []) pairs.push({ userId: id, roleId });
      }
    }
    await insertUserRoles(scope, pairs);
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
  deps: { database: Database; files: FileStorage },
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
    if (t?.sourceKey && t.taskStatus === TASK_STATUS.cancelled) await deps.files.remove(t.sourceKey);
    return { outcome: 'skipped', ...timing };
  }
  const params = start.params as unknown as ImportParams;
  const chunkRows = params.chunkRows!;
  const mode: 'create' | 'update' = start.taskType === TASK_TYPE.importCreate ? 'create' : 'update';
  const fail = async (reason: string) => {
    await db.withTenant(tenantId, (scope) => failTask(scope, taskId, reason));
    if (start.sourceKey) await deps.files.remove(start.sourceKey);
    return { outcome: 'failed' as const, ...timing };
  };

  let t0 = performance.now();
  const bytes = start.sourceKey ? await deps.files.get(start.sourceKey) : null;
  if (!bytes) return fail('the uploaded file is gone');
  let sheet;
  try {
    sheet = readUserSheet(bytes);
  } catch (err) {
    if (err instanceof SheetError) return fail(err.message);
    throw err;
  }
  if (sheet.rows.length > IMPORT_ROWS_MAX) return fail(`the file has more than ${IMPORT_ROWS_MAX} rows`);
  const found = new Set(sheet.columns.map((c) => c.key));
  const missing = IMPORT_COLUMNS.filter(
    (c) => !found.has(c.key) && (mode === 'create' ? c.required : c.key === 'username'),
  );
  if (missing.length > 0) {
    return fail(
      `the file lacks the required columns: ${missing.map((c) => c.label[params.lang]).join(', ')}`,
    );
  }
  timing.readMs = performance.now() - t0;

  t0 = performance.now();
  const ctx = await db.withTenant(tenantId, (scope) => validationContext(scope, mode, start, params));
  const rows = validateRows(sheet.rows, ctx);
  timing.validateMs = performance.now() - t0;

  t0 = performance.now();
  const begun = await db.withTenant(tenantId, async (scope) => {
    const t = await updateActiveTask(scope, taskId, { totalCount: rows.length, totalProgress: rows.length });
    return t ? findDoneChunks(scope, taskId) : null;
  });
  if (begun === null) return finishCancelled();
  const chunkCount = Math.ceil(rows.length / chunkRows);
  const pending = Array.from({ length: chunkCount }, (_, i) => i).filter((n) => !begun.has(n));
  let next = 0;
  let stopped: 'cancelled' | 'interrupted' | null = null;
  const writeOne = async (chunkNo: number) => {
    const chunk = rows.slice(chunkNo * chunkRows, (chunkNo + 1) * chunkRows);
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
        { deptId: start.deptId!, userTypeId: start.userTypeId! },
        params,
      );
      await insertImportErrors(scope, taskId, errors);
      const failed = new Set(errors.map((e) => e.rowNo)).size;
      // Last: the task row is locked only from here to the commit.
      await addTaskProgress(scope, taskId, { processed: chunk.length, success, failed });
      return 'written' as const;
    });
    if (outcome === 'stopped') stopped = 'cancelled';
    else if (outcome === 'written') await opts.onChunk?.(chunkNo * chunkRows + chunk.length);
  };
  const lane = async () => {
    while (!stopped && next < pending.length) {
      if (opts.stopAfterChunks !== undefined && next >= opts.stopAfterChunks) {
        stopped = 'interrupted';
        break;
      }
      await writeOne(pending[next++]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, opts.concurrency ?? IMPORT_CONCURRENCY) }, lane));
  if (stopped === 'cancelled') return finishCancelled();
  timing.writeMs = performance.now() - t0;
  if (stopped === 'interrupted') return { outcome: 'interrupted', ...timing };
  const written = await db.withTenant(tenantId, (scope) => findDoneChunks(scope, taskId));
  // Another worker still writing a chunk (its lease had run out) finishes the task itself.
  if (written.size < chunkCount) return { outcome: 'interrupted', ...timing };

  // The result file, then the task done and the creator told (one transaction).
  const errors = await db.withTenant(tenantId, (scope) => findImportErrors(scope, taskId));
  const counts = await db.withTenant(tenantId, (scope) => findTask(scope, taskId));
  const result = await buildResult(
    params.lang,
    {
      fileName: start.fileName,
      total: rows.length,
      success: counts?.successCount ?? 0,
      failed: counts?.failCount ?? 0,
    },
    errors,
  );
  const fileKey = await deps.files.put(`tenant-${tenantId}/imports`, result);
  const done = await db.withTenant(tenantId, async (scope) => {
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
    timing.writeMs = performance.now() - t0;
    return { outcome: 'cancelled', ...timing };
  }
}

/** The queue handler: runs or resumes the task; a failure is thrown for the queue to retry. */
export function createUserImportJob(deps: {
  database: Database;
  files: FileStorage;
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
  };
}
