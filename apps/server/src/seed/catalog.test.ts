import { describe, expect, it } from 'vitest';
import { JOURNAL_PAGE_GRANTS } from '../modules/crisis';
import { MENUS, PRODUCTS, ROLES, type MenuSeed } from './catalog';
import { ROLE_CODES, SYSTEM_ROUTE_PATHS } from '@psy/contracts';
import { SEEDED_NAMES_EN } from '@psy/contracts/seeded-texts';

const all = (list: MenuSeed[]): MenuSeed[] => list.flatMap((m) => [m, ...all(m.children ?? [])]);
const menus = Object.values(MENUS).flatMap(all);

describe('the seeded catalogue', () => {
  it('has unique menu codes and paths', () => {
    const codes = menus.flatMap((m) => [m.code, ...(m.buttons ?? []).map((b) => b.code)]);
    expect(new Set(codes).size).toBe(codes.length);
    const paths = menus.map((m) => m.path).filter(Boolean);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('registers the user and system routes of the shell [spec:S0.2.14]', () => {
    const paths = new Set(menus.map((m) => m.path));
    for (const p of SYSTEM_ROUTE_PATHS) {
      expect(paths.has(p), p).toBe(true);
    }
  });

  it('has a menu in every main product and a role for every role code of the spec [spec:S0.6.1]', () => {
    for (const p of PRODUCTS) expect(MENUS[p.code].length, p.code).toBeGreaterThan(0);
    const seeded = new Set(ROLES.map((r) => r.code));
    for (const code of ROLE_CODES) expect(seeded.has(code), code).toBe(true);
  });

  it('grants only menus that exist', () => {
    const codes = new Set<string>(menus.flatMap((m) => [m.code, ...(m.buttons ?? []).map((b) => b.code)]));
    const products = new Set(PRODUCTS.map((p) => p.code as string));
    for (const r of ROLES) {
      for (const g of r.grants) {
        expect(g.startsWith('menu:') ? codes.has(g.slice(5)) : products.has(g), `${r.code}: ${g}`).toBe(true);
      }
    }
  });

  it('has an English name for every seeded role, shown to English readers', () => {
    expect(ROLES.filter((r) => !SEEDED_NAMES_EN[r.name]).map((r) => r.name)).toEqual([]);
  });

  it('lets every role with the journal menu open the journal pages (docs/crisis.md 5, 12)', () => {
    expect(JOURNAL_PAGE_GRANTS).toHaveLength(4);
    const withJournal = ROLES.filter((r) =>
      r.grants.some((g) => g === 'menu:focus_journal' || g === 'IMPORTANT_FOCUS_ON'),
    );
    expect(withJournal.map((r) => r.code)).toEqual(
      expect.arrayContaining([
        'CRISIS_ROLE_CENTER_SUPERINTENDENT',
        'CRISIS_ROLE_CONSULTANT',
        'CRISIS_ROLE_FACULTY_CONSULT',
        'CRISIS_ROLE_FACULTY_SUPERINTENDENT',
        'CRISIS_ROLE_SUPERINTENDENT',
      ]),
    );
    // The consultation product, where the spec files the pages, grants them already.
    for (const r of withJournal.filter((role) => !role.grants.includes('CONSULT')))
      for (const page of JOURNAL_PAGE_GRANTS) expect(r.grants, `${r.code}: ${page}`).toContain(page);
  });
});
