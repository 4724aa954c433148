import type { FieldOption, FormColumn } from '@psy/forms';

/** A dictionary item as `GET /admin/dict/type/{name}` answers it. */
export interface DictItem {
  value: string;
  label: string;
  labelEn: string | null;
}

/**
 * The tenant dictionaries a definition's columns name (`dicUrl` without a leading `/`): the server
 * checks answers against the same dictionaries, so the renderer offers what it will accept.
 */
export function dictionaryNames(columns: readonly Pick<FormColumn, 'dicUrl'>[]): string[] {
  return [
    ...new Set(columns.flatMap((c) => (c.dicUrl && !c.dicUrl.startsWith('/') ? [c.dicUrl] : []))),
  ].sort();
}

/**
 * Options of loaded dictionaries, as the server builds them: an empty dictionary is left out, so the
 * column's seeded `dicData` stays the fallback.
 */
export function dictionaryOptions(
  loaded: Readonly<Record<string, readonly DictItem[] | undefined>>,
): Record<string, FieldOption[]> {
  const out: Record<string, FieldOption[]> = {};
  for (const [name, items] of Object.entries(loaded)) {
    if (!items || items.length === 0) continue;
    out[name] = items.map((i) => ({
      value: i.value,
      label: { 'zh-CN': i.label, 'en-US': i.labelEn || i.label },
    }));
  }
  return out;
}
