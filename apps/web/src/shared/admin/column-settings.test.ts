import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryStorage } from '../../test/memory-storage';
import {
  columnSettingsKey,
  hiddenColumnsOf,
  readHiddenColumns,
  toggleColumn,
  visibleColumns,
  writeHiddenColumns,
  type ColumnChoice,
} from './column-settings';

const COLUMNS: ColumnChoice[] = [
  { key: 'name', title: 'Name', alwaysShown: true },
  { key: 'phone', title: 'Phone' },
  { key: 'dept', title: 'Department' },
  { key: 'actions', title: 'Actions', alwaysShown: true },
];

describe('column settings', () => {
  it('hides and shows a column; the row name and actions always stay', () => {
    expect(toggleColumn([], 'phone', COLUMNS)).toEqual(['phone']);
    expect(toggleColumn(['phone'], 'phone', COLUMNS)).toEqual([]);
    expect(toggleColumn([], 'actions', COLUMNS)).toEqual([]);
    expect(toggleColumn([], 'unknown', COLUMNS)).toEqual([]);
  });

  it('keeps the last column that may be hidden', () => {
    expect(toggleColumn(['phone'], 'dept', COLUMNS)).toEqual(['phone']);
  });

  it('renders the shown columns in their order', () => {
    expect(visibleColumns(COLUMNS, ['phone']).map((c) => c.key)).toEqual(['name', 'dept', 'actions']);
  });

  it('reads a stored choice, dropping what the list no longer has', () => {
    expect(hiddenColumnsOf(['dept', 'gone', 'dept', 3, 'actions'], COLUMNS)).toEqual(['dept']);
    expect(hiddenColumnsOf('dept', COLUMNS)).toEqual([]);
    expect(hiddenColumnsOf(null, COLUMNS)).toEqual([]);
    // A choice hiding every column that may be hidden shows them all again.
    expect(hiddenColumnsOf(['phone', 'dept'], COLUMNS)).toEqual([]);
  });

  describe('kept in local storage per user and list [spec:S0.9.11]', () => {
    const original = globalThis.localStorage;
    let storage: MemoryStorage;
    beforeEach(() => {
      storage = new MemoryStorage();
      Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true });
    });
    afterEach(() => {
      Object.defineProperty(globalThis, 'localStorage', { value: original, configurable: true });
    });

    it('survives a new visit, and another user or list has its own', () => {
      writeHiddenColumns(7, 'users', ['phone']);
      expect(storage.getItem(`psy-${columnSettingsKey(7, 'users')}`)).toBe('["phone"]');
      expect(readHiddenColumns(7, 'users', COLUMNS)).toEqual(['phone']);
      expect(readHiddenColumns(8, 'users', COLUMNS)).toEqual([]);
      expect(readHiddenColumns(7, 'roles', COLUMNS)).toEqual([]);
    });

    it('ignores what cannot be read', () => {
      storage.setItem(`psy-${columnSettingsKey(7, 'users')}`, '{not json');
      expect(readHiddenColumns(7, 'users', COLUMNS)).toEqual([]);
    });
  });
});
