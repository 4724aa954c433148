import { describe, expect, it } from 'vitest';
import type { TenantScope } from './db/database';
import { assembleMenus, assembleRoles, type ProductSeed, type RoleSeed } from './catalog';
import { EventBus, defineEvent, on } from './events';
import { definePort } from './module';

const scope = { tenantId: 7 } as unknown as TenantScope;

describe('events', () => {
  const saved = defineEvent<{ id: number }>('test.saved');
  const other = defineEvent<{ id: number }>('test.other');

  it("runs the subscribers of an event in order with the emitter's scope, and only theirs", async () => {
    const seen: string[] = [];
    const bus = new EventBus([
      on(saved, async (s, e) => void seen.push(`a${e.id}@${s.tenantId}`)),
      on(other, async () => void seen.push('other')),
      on(saved, async (_s, e) => void seen.push(`b${e.id}`)),
    ]);
    await bus.emit(scope, saved, { id: 1 });
    expect(seen).toEqual(['a1@7', 'b1']);
    expect(bus.has(saved)).toBe(true);
    expect(bus.has(defineEvent('test.nobody'))).toBe(false);
  });

  it('fails the emitter when a subscriber throws (its transaction then rolls back), skipping the rest', async () => {
    const seen: string[] = [];
    const bus = new EventBus([
      on(saved, async () => {
        throw new Error('refused');
      }),
      on(saved, async () => void seen.push('after')),
    ]);
    await expect(bus.emit(scope, saved, { id: 2 })).rejects.toThrow('refused');
    expect(seen).toEqual([]);
  });
});

describe('ports', () => {
  it('answers what a manifest provided, and refuses a missing or second provider', () => {
    const port = definePort<(n: number) => number>('test.double');
    expect(() => port.get()).toThrow('no module provides it');
    const double = (n: number) => n * 2;
    (port as unknown as { set(v: unknown): void }).set(double);
    expect(port.get()(4)).toBe(8);
    expect(() => (port as unknown as { set(v: unknown): void }).set((n: number) => n)).toThrow(
      'provided twice',
    );
  });
});

describe('catalogue assembly', () => {
  const products: ProductSeed[] = [{ code: 'SYSTEM', name: '系统', nameEn: 'System', type: 1, icon: 'x' }];

  it("places each module's entries by order among the base entries, pages hidden, buttons under their menu", () => {
    const menus = assembleMenus(
      products,
      [{ product: 'SYSTEM', order: 20, code: 'sys_role', name: 'r', nameEn: 'r' }],
      [
        {
          menus: [{ product: 'SYSTEM', order: 10, code: 'sys_user', name: 'u', nameEn: 'u' }],
          pages: [{ product: 'SYSTEM', order: 30, path: '/a/b', name: 'p', nameEn: 'p' }],
        },
        { buttons: [{ menu: 'sys_role', code: 'admin_role_add', name: 'b', nameEn: 'b' }] },
      ],
    );
    expect(menus.SYSTEM.map((m) => m.code)).toEqual(['sys_user', 'sys_role', 'page_a_b']);
    expect(menus.SYSTEM[2]).toMatchObject({ path: '/a/b', hidden: true });
    expect(menus.SYSTEM[1]!.buttons).toEqual([{ code: 'admin_role_add', name: 'b', nameEn: 'b' }]);
  });

  it('refuses two entries at one order and a button under no menu', () => {
    const entry = { product: 'SYSTEM' as const, order: 10, name: 'x', nameEn: 'x' };
    expect(() =>
      assembleMenus(
        products,
        [{ ...entry, code: 'sys_user' }],
        [{ menus: [{ ...entry, code: 'sys_role' }] }],
      ),
    ).toThrow('share an order');
    expect(() =>
      assembleMenus(
        products,
        [],
        [{ buttons: [{ menu: 'sys_dept', code: 'admin_dept_add', name: 'b', nameEn: 'b' }] }],
      ),
    ).toThrow('no menu sys_dept');
  });

  it('adds grants to the named roles or to every role, and refuses a role that is not seeded', () => {
    const base: RoleSeed[] = [
      { code: 'ROLE_ADMIN', name: 'a', ports: ['pc'], grants: ['SYSTEM'] },
      { code: 'ROLE_GENERAL', name: 'g', ports: ['pc'], grants: [] },
    ];
    const roles = assembleRoles(base, [
      { grants: [{ roles: ['ROLE_GENERAL'], grants: ['menu:sys_notice'] }] },
      { grants: [{ roles: '*', grants: ['menu:sys_files'] }] },
    ]);
    expect(roles.map((r) => r.grants)).toEqual([
      ['SYSTEM', 'menu:sys_files'],
      ['menu:sys_notice', 'menu:sys_files'],
    ]);
    expect(base[1]!.grants).toEqual([]);
    expect(() =>
      assembleRoles(base, [{ grants: [{ roles: ['ROLE_CONSULTANT'], grants: ['CONSULT'] }] }]),
    ).toThrow('not seeded');
  });
});
