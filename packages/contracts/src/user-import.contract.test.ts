import { describe, expect, it } from 'vitest';
import { IMPORT_COLUMN_ALIASES, IMPORT_COLUMNS } from './user-import.contract';

/** As the import compares headers: NFKC, without `*` and spaces, lower case. */
const key = (text: string) => text.normalize('NFKC').replace(/[*\s]/g, '').toLowerCase();

describe('import column names', () => {
  it("gives each usual name to one column only, never another column's label or key", () => {
    const owner = new Map<string, string>();
    for (const c of IMPORT_COLUMNS) {
      for (const name of [c.label['zh-CN'], c.label['en-US'], c.key]) owner.set(key(name), c.key);
    }
    const clashes: string[] = [];
    for (const [column, aliases] of Object.entries(IMPORT_COLUMN_ALIASES)) {
      for (const alias of aliases) {
        const seen = owner.get(key(alias));
        if (seen !== undefined && seen !== column) clashes.push(`${alias}: ${seen} and ${column}`);
        owner.set(key(alias), column);
      }
    }
    expect(clashes).toEqual([]);
    expect(Object.keys(IMPORT_COLUMN_ALIASES).every((k) => IMPORT_COLUMNS.some((c) => c.key === k))).toBe(
      true,
    );
  });
});
