import {
  addUserBodySchema,
  ID_TYPE_LABELS,
  IMPORT_COLUMNS,
  localiseMessage,
  updateUserBodySchema,
  type Lang,
} from '@psy/contracts';
import { z } from 'zod';
import { CellIssue, headerKey, type SheetRow } from './user-import.sheet';

/** zod's own messages in the upload's language; the rules' messages go through `localiseMessage`. */
const ZOD_ZH_CN = z.locales.zhCN().localeError;
const zodLocale = (lang: Lang) => (lang === 'zh-CN' ? { error: ZOD_ZH_CN } : undefined);

/**
 * Row validation of the import: every row goes through THE SAME contract schema as the user form
 * (addUserBodySchema in create mode, updateUserBodySchema in update mode; rules.ts / id-card.ts behind
 * them), after drop-down labels were turned into the values the form sends.
 */

/** One refused cell: the column's label (in the task's language) and the reason. */
export interface RowIssue {
  column: string;
  reason: string;
}

/** The columns a valid row writes (the user form's fields). */
export interface ImportUser {
  username: string;
  realName?: string;
  numberName?: string;
  phone?: string;
  sex?: number;
  birthday?: string;
  idType?: number | null;
  idCard?: string | null;
  email?: string | null;
  roleIds?: number[];
  yearInfo?: string | null;
  nation?: string | null;
  politicCountenance?: string | null;
  educationalLevel?: string | null;
  religiousBelief?: string | null;
  isMarriage?: string | null;
  schoolRegister?: string | null;
}

export type ValidatedRow =
  { rowNo: number; ok: true; user: ImportUser } | { rowNo: number; ok: false; issues: RowIssue[] };

export interface ValidateContext {
  mode: 'create' | 'update';
  lang: Lang;
  deptId: number;
  userTypeId: number;
  /** Dictionary name -> (normalised label, English label or value) -> value. */
  dicts: ReadonlyMap<string, ReadonlyMap<string, string>>;
  /** Normalised role name or code -> role id (only roles the uploader may grant). */
  roles: ReadonlyMap<string, number>;
}

const DICT_KEYS = [
  'yearInfo',
  'nation',
  'politicCountenance',
  'educationalLevel',
  'religiousBelief',
  'isMarriage',
  'schoolRegister',
] as const;

const ID_TYPE_BY_LABEL = new Map<string, number>();
for (const [value, labels] of Object.entries(ID_TYPE_LABELS)) {
  ID_TYPE_BY_LABEL.set(value, Number(value));
  ID_TYPE_BY_LABEL.set(headerKey(labels['zh-CN']), Number(value));
  ID_TYPE_BY_LABEL.set(headerKey(labels['en-US']), Number(value));
}

const labelOf = (key: string, lang: Lang) => IMPORT_COLUMNS.find((c) => c.key === key)?.label[lang] ?? key;

/** Field of a schema issue -> the template column that feeds it. */
const COLUMN_OF_FIELD: Record<string, string> = { roleIds: 'roles' };

const MESSAGES = {
  unknownItem: { 'zh-CN': '不是下拉列表中的选项', 'en-US': 'is not one of the drop-down items' },
  unknownRole: {
    'zh-CN': '角色不存在或无权授予',
    'en-US': 'role does not exist or you may not grant it',
  },
  accountRequired: { 'zh-CN': '请填写登录账号', 'en-US': 'enter the login account' },
  duplicate: { 'zh-CN': '与第 {row} 行重复', 'en-US': 'duplicate of row {row}' },
} as const;

/**
 * Validates one row. Blank cells are "not given": in create mode the schema then reports the required
 * ones; in update mode they keep the user's current value.
 */
export function validateRow(row: SheetRow, ctx: ValidateContext): ValidatedRow {
  const issues: RowIssue[] = [];
  const input: Record<string, unknown> = {};
  const cellOf = (key: string): string | undefined => {
    const v = row.cells[key];
    if (v instanceof CellIssue) {
      issues.push({ column: labelOf(key, ctx.lang), reason: v.reason[ctx.lang] });
      return undefined;
    }
    return v === undefined || v === '' ? undefined : v;
  };
  const unknown = (key: string, message: string = MESSAGES.unknownItem[ctx.lang]) =>
    issues.push({ column: labelOf(key, ctx.lang), reason: message });

  for (const key of ['username', 'realName', 'numberName', 'phone', 'birthday', 'email'] as const) {
    const v = cellOf(key);
    if (v !== undefined) input[key] = v;
  }
  const idCard = cellOf('idCard');
  if (idCard !== undefined) input.idCard = idCard;

  const sex = cellOf('sex');
  if (sex !== undefined) {
    const value = ctx.dicts.get('sex')?.get(headerKey(sex));
    // The form sends 1 or 2; anything else is left for the schema to refuse with its message.
    input.sex = value !== undefined ? Number(value) : sex;
  }
  const idType = cellOf('idType');
  if (idType !== undefined) {
    const value = ID_TYPE_BY_LABEL.get(headerKey(idType));
    if (value === undefined) unknown('idType');
    else input.idType = value;
  }
  for (const key of DICT_KEYS) {
    const v = cellOf(key);
    if (v === undefined) continue;
    const value = ctx.dicts.get(key)?.get(headerKey(v));
    if (value === undefined) unknown(key);
    else input[key] = value;
  }
  const roles = cellOf('roles');
  if (roles !== undefined) {
    const ids: number[] = [];
    for (const name of roles.split(/[,，、;；]/)) {
      if (!name.trim()) continue;
      const id = ctx.roles.get(headerKey(name));
      if (id === undefined) {
        unknown('roles', `${MESSAGES.unknownRole[ctx.lang]}: ${name.trim()}`);
        break;
      }
      if (!ids.includes(id)) ids.push(id);
    }
    input.roleIds = ids;
  }

  let user: ImportUser | null = null;
  if (ctx.mode === 'create') {
    input.deptId = ctx.deptId;
    input.userTypeId = ctx.userTypeId;
    if (input.roleIds === undefined) input.roleIds = [];
    const r = addUserBodySchema.safeParse(input, zodLocale(ctx.lang));
    if (r.success) user = r.data as ImportUser;
    else for (const i of r.error.issues) issues.push(issueOf(i, ctx.lang));
  } else {
    if (input.username === undefined && !(row.cells.username instanceof CellIssue)) {
      issues.push({ column: labelOf('username', ctx.lang), reason: MESSAGES.accountRequired[ctx.lang] });
    }
    const r = updateUserBodySchema.safeParse({ ...input, id: 1 }, zodLocale(ctx.lang));
    if (r.success) {
      const { id: _id, deptId: _d, ...rest } = r.data;
      user = rest as ImportUser;
    } else for (const i of r.error.issues) issues.push(issueOf(i, ctx.lang));
  }
  // A cell refused above (before the schema) may have passed the schema as "not given".
  if (issues.length > 0 || !user) return { rowNo: row.rowNo, ok: false, issues: dedupe(issues) };
  return { rowNo: row.rowNo, ok: true, user };
}

function issueOf(i: { path: PropertyKey[]; message: string }, lang: Lang): RowIssue {
  const field = String(i.path[0] ?? 'username');
  return { column: labelOf(COLUMN_OF_FIELD[field] ?? field, lang), reason: localiseMessage(i.message, lang) };
}

function dedupe(issues: RowIssue[]): RowIssue[] {
  const seen = new Set<string>();
  return issues.filter((i) => {
    const k = `${i.column}\u0000${i.reason}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/**
 * A validator of the rows in file order, a batch at a time: each row is validated, then refused when it
 * repeats an earlier row's login account (case-insensitive) or, in create mode, number: the first
 * occurrence wins. It remembers the accounts and numbers seen, so batches must come in file order.
 * Deterministic, so a resumed task sees the same outcome for every row.
 */
export function createRowValidator(ctx: ValidateContext): (rows: readonly SheetRow[]) => ValidatedRow[] {
  const byAccount = new Map<string, number>();
  const byNumber = new Map<string, number>();
  return (rows) =>
    rows.map((row) => {
      const v = validateRow(row, ctx);
      if (!v.ok) return v;
      const account = v.user.username.toLowerCase();
      const firstAccount = byAccount.get(account);
      const number = ctx.mode === 'create' ? v.user.numberName : undefined;
      const firstNumber = number ? byNumber.get(number) : undefined;
      if (firstAccount !== undefined || firstNumber !== undefined) {
        const dupOf = (firstAccount ?? firstNumber)!;
        return {
          rowNo: v.rowNo,
          ok: false,
          issues: [
            {
              column: labelOf(firstAccount !== undefined ? 'username' : 'numberName', ctx.lang),
              reason: MESSAGES.duplicate[ctx.lang].replace('{row}', String(dupOf)),
            },
          ],
        };
      }
      byAccount.set(account, v.rowNo);
      if (number) byNumber.set(number, v.rowNo);
      return v;
    });
}

/** Validates every row of a file at once (createRowValidator over one batch). */
export function validateRows(rows: readonly SheetRow[], ctx: ValidateContext): ValidatedRow[] {
  return createRowValidator(ctx)(rows);
}
