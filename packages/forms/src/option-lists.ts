import type { AnswerMap, FieldOption, FormColumn } from './definition';
import { chosenValues } from './values';

/**
 * Option lists named by a path (docs/forms.md "Option lists by path"). A column's `dicUrl` is either a
 * tenant dictionary name (no leading slash) or a LIST PATH: a leading slash, the call's path without the
 * `/biz` prefix, optionally a query whose values may be `{prop}` placeholders filled from the answer
 * (`/consult/workforce/schedule/freeUser?categoryId={transferToType}`). Every list path answers an array
 * of `{ value, label }` in the caller's language (extra keys allowed); `/admin/dept/tree` answers the
 * department tree. This table is the one place that says how each list is called: the web's renderer
 * calls it through the request layer, the server's forms module loads it with the owning module's loader.
 */
export type OptionListShape = 'list' | 'deptTree';

export interface OptionListSpec {
  method: 'GET' | 'POST';
  /** Where the filled parameters travel: the query string (GET) or a JSON body (POST). */
  params: 'query' | 'body';
  /** `list`: `[{value, label}]`; `deptTree`: the department tree (`DeptNode[]`). */
  shape: OptionListShape;
  /** The server module that owns the list, and the loader its index.ts exports. */
  owner: string;
  loader: string;
}

export const OPTION_LISTS = {
  '/admin/dept/tree': {
    method: 'GET',
    params: 'query',
    shape: 'deptTree',
    owner: 'identity',
    loader: 'getDeptTree',
  },
  '/focus/setting/4/all': {
    method: 'GET',
    params: 'query',
    shape: 'list',
    owner: 'focus-settings',
    loader: 'focusSettingOptions',
  },
  '/plantest/interview/results/list': {
    method: 'GET',
    params: 'query',
    shape: 'list',
    owner: 'settings',
    loader: 'interviewResultOptions',
  },
  '/activity/schemeCategory': {
    method: 'GET',
    params: 'query',
    shape: 'list',
    owner: 'settings',
    loader: 'schemeCategoryOptions',
  },
  '/consult/workforce/schedule/freeUser': {
    method: 'POST',
    params: 'body',
    shape: 'list',
    owner: 'workforce',
    loader: 'freeCounsellorOptions',
  },
} as const satisfies Record<string, OptionListSpec>;

export type OptionListPath = keyof typeof OPTION_LISTS;

/** The list paths of the field library (one string each, so the library and tests name them once). */
export const LIST_PATHS = {
  deptTree: '/admin/dept/tree',
  focusCategories: '/focus/setting/4/all',
  interviewResults: '/plantest/interview/results/list',
  schemeCategories: '/activity/schemeCategory',
  freeCounsellors: '/consult/workforce/schedule/freeUser?categoryId={transferToType}',
} as const;

/** Whether a `dicUrl` names a list path (leading slash) rather than a tenant dictionary. */
export const isListPath = (dicUrl: string | undefined): dicUrl is string =>
  typeof dicUrl === 'string' && dicUrl.startsWith('/');

export const isKnownListPath = (path: string): path is OptionListPath =>
  Object.prototype.hasOwnProperty.call(OPTION_LISTS, path);

const PLACEHOLDER = /^\{([A-Za-z_$][\w$]*)\}$/;

/** A list path split into its path and query parameters (values as written: text or `{prop}`). */
export function parseListPath(dicUrl: string): { path: string; params: [string, string][] } {
  const at = dicUrl.indexOf('?');
  if (at < 0) return { path: dicUrl, params: [] };
  const params: [string, string][] = [];
  for (const part of dicUrl.slice(at + 1).split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const key = decodeURIComponent(eq < 0 ? part : part.slice(0, eq));
    const value = eq < 0 ? '' : decodeURIComponent(part.slice(eq + 1));
    params.push([key, value]);
  }
  return { path: dicUrl.slice(0, at), params };
}

/** The answer props a list path's placeholders name (`{transferToType}` -> `transferToType`). */
export function listPathProps(dicUrl: string): string[] {
  return parseListPath(dicUrl).params.flatMap(([, v]) => {
    const m = PLACEHOLDER.exec(v);
    return m ? [m[1]!] : [];
  });
}

export interface ResolvedOptionList {
  /** The column's `dicUrl` as written (the key of the loaded options, as for dictionaries). */
  dicUrl: string;
  path: string;
  /** The table entry, or null for a path this table does not know (not loaded: dicData stays). */
  spec: OptionListSpec | null;
  /** Parameters with the placeholders filled (text). */
  params: Record<string, string>;
  /** Placeholder props whose answer is empty: the list cannot be asked for yet (no options). */
  missing: string[];
  /** A stable key of the call (path and filled parameters, sorted), for caches. */
  key: string;
}

const placeholderValue = (answer: AnswerMap, prop: string): string =>
  chosenValues(answer[prop])
    .map((v) => String(v))
    .filter((v) => v.trim() !== '')
    .join(',');

/** Resolves a list path against the current answer: which call, with which parameters, or what is missing. */
export function resolveOptionList(dicUrl: string, answer: AnswerMap): ResolvedOptionList {
  const { path, params: raw } = parseListPath(dicUrl);
  const params: Record<string, string> = {};
  const missing: string[] = [];
  for (const [key, template] of raw) {
    const m = PLACEHOLDER.exec(template);
    if (!m) {
      params[key] = template;
      continue;
    }
    const value = placeholderValue(answer, m[1]!);
    if (value === '') missing.push(m[1]!);
    else params[key] = value;
  }
  const sorted = Object.keys(params)
    .sort()
    .map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(params[k]!)}`)
    .join('&');
  return {
    dicUrl,
    path,
    spec: isKnownListPath(path) ? OPTION_LISTS[path] : null,
    params,
    missing,
    key: sorted ? `${path}?${sorted}` : path,
  };
}

/** The distinct list paths of a definition's columns. */
export function listPathsOf(columns: readonly Pick<FormColumn, 'dicUrl'>[]): string[] {
  return [...new Set(columns.flatMap((c) => (isListPath(c.dicUrl) ? [c.dicUrl] : [])))];
}

interface DeptNodeLike {
  id: number | string;
  label?: string;
  name?: string;
  children?: readonly DeptNodeLike[];
}

const both = (label: string) => ({ 'zh-CN': label, 'en-US': label });

function deptOptions(nodes: readonly DeptNodeLike[], depth = 0): FieldOption[] {
  if (depth > 50) return [];
  return nodes.map((n) => {
    const children = n.children && n.children.length > 0 ? deptOptions(n.children, depth + 1) : [];
    return {
      value: n.id,
      label: both(String(n.label ?? n.name ?? n.id)),
      ...(children.length > 0 ? { children } : {}),
    };
  });
}

/**
 * The options of a loaded list: `[{value, label}]` (label in the caller's language, used for both
 * languages of the option) or the department tree (node id as value, nested). Entries without a value
 * are dropped; anything that is not an array gives no options.
 */
export function optionsOfList(data: unknown, shape: OptionListShape): FieldOption[] {
  if (!Array.isArray(data)) return [];
  if (shape === 'deptTree')
    return deptOptions(
      data.filter(
        (n): n is DeptNodeLike =>
          typeof n === 'object' &&
          n !== null &&
          (typeof (n as DeptNodeLike).id === 'number' || typeof (n as DeptNodeLike).id === 'string'),
      ),
    );
  return data.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { value, label } = item as { value?: unknown; label?: unknown };
    if (typeof value !== 'string' && typeof value !== 'number') return [];
    if (String(value) === '') return [];
    return [{ value, label: both(typeof label === 'string' ? label : String(value)) }];
  });
}

/**
 * Which type of time slots a time-grid field offers (`POST /consult/schedule/findScheduleTime {type}`,
 * spec S0.3.24, S1.3.2): the first-interview, assessment, counselling and family-counselling periods
 * have their own; every other time grid (consultTimes, contactTime, a builder's own) offers type 2.
 */
export const TIME_GRID_SLOT_TYPES: Readonly<Record<string, number>> = {
  firstInterviewTimeSlots: 15,
  evaluationPeriod: 17,
  psychologicalCounselingPeriod: 18,
  familyCounselingPeriod: 19,
};
export const DEFAULT_TIME_GRID_SLOT_TYPE = 2;

export const timeGridSlotType = (prop: string): number =>
  TIME_GRID_SLOT_TYPES[prop] ?? DEFAULT_TIME_GRID_SLOT_TYPE;

/**
 * The stored answer as `evaluate` should see it for "already held" values (its `previous`): a list-path
 * value counts as held only while its list is the same one (e.g. the referral type behind the free
 * counsellors did not change); after such a change the value must be in the new list. Server and web.
 */
export function heldForCheck(
  def: { columns: readonly FormColumn[] },
  before: AnswerMap,
  answer: AnswerMap,
): AnswerMap {
  const out: AnswerMap = { ...before };
  for (const c of def.columns) {
    if (!isListPath(c.dicUrl)) continue;
    if (resolveOptionList(c.dicUrl, before).key !== resolveOptionList(c.dicUrl, answer).key)
      delete out[c.prop];
  }
  return out;
}
