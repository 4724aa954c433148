import { hashKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidationKey, tenantQueryKeys } from './query-keys';

const keys = tenantQueryKeys('role-admin');

describe('tenant-scoped query keys', () => {
  it('start with the feature and the tenant, so another school never shares a cache entry', () => {
    expect(keys.all(3)).toEqual(['role-admin', 3]);
    expect(keys.list(3, { current: 1, size: 10 })).toEqual([
      'role-admin',
      3,
      'list',
      { current: 1, size: 10 },
    ]);
    expect(hashKey(keys.list(3, {}))).not.toBe(hashKey(keys.list(4, {})));
    expect(keys.of(3, 'one', 9)).toEqual(['role-admin', 3, 'one', 9]);
  });

  it('hold the filters, without empty ones and in any order', () => {
    expect(hashKey(keys.list(3, { roleName: '', current: 1, size: 10 }))).toBe(
      hashKey(keys.list(3, { size: 10, current: 1 })),
    );
    expect(hashKey(keys.list(3, { roleName: 'a', current: 1, size: 10 }))).not.toBe(
      hashKey(keys.list(3, { current: 1, size: 10 })),
    );
  });

  it("sit under the feature's root, which a change invalidates", () => {
    const root = keys.all(3);
    expect(keys.list(3, { current: 2 }).slice(0, root.length)).toEqual(root);
    expect(invalidationKey(keys.all, 3)).toEqual(root);
    expect(invalidationKey(['navigation'], 3)).toEqual(['navigation']);
  });
});
