import { isPermissionKey } from '@psy/contracts';
import { describe, expect, it } from 'vitest';
import { readRegisteredPages } from '../../../../scripts/lib/registered-pages.mjs';
import { FEATURES } from './features';
import { KNOWN_PATHS, MENU_PAGES, menuPagesOf } from './layout/page-registry';

const WEB_ROOT = decodeURIComponent(new URL('../..', import.meta.url).pathname);
/** Every source file of the features, by its path relative to apps/web without extension. */
const FEATURE_SOURCES = new Set(
  Object.keys(import.meta.glob('../features/**/*.{ts,tsx}')).map((file) =>
    file.replace(/^\.\.\//, 'src/').replace(/\.tsx?$/, ''),
  ),
);
const MANIFESTS = Object.keys(import.meta.glob('../features/*/manifest.ts')).map(
  (file) => file.split('/')[2],
);
const featurePages = FEATURES.flatMap((feature) => feature.pages.map((page) => ({ feature, page })));

describe('feature manifests', () => {
  it('give every page one path, and the registry shows each as a known page [spec:S0.2.14]', () => {
    const paths = featurePages.map(({ page }) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(Object.keys(MENU_PAGES).sort()).toEqual([...paths].sort());
    for (const path of paths) expect(KNOWN_PATHS.has(path), path).toBe(true);
  });

  it('refuse a path that two features claim', () => {
    const [first] = FEATURES;
    expect(() => menuPagesOf([first!, { ...first!, name: 'copy' }])).toThrow(/registered twice/);
  });

  it('are each listed once, and every feature with a manifest is in the list', () => {
    const names = FEATURES.map((feature) => feature.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual([...MANIFESTS].sort());
  });

  it('keep the texts of administration pages in a catalogue part, which loads with them', () => {
    for (const { feature, page } of featurePages) {
      // The admin part holds administration texts only; a module with many screens has a part of its own.
      if (page.isAdmin) expect(feature.cataloguePart, `${feature.name} ${page.path}`).toBeDefined();
      if (feature.cataloguePart === 'admin') expect(page.isAdmin, `${feature.name} ${page.path}`).toBe(true);
    }
  });

  it('are what the route size report reads, administration pages with their own budget', () => {
    const read = readRegisteredPages(WEB_ROOT).filter((page) => page.feature !== null);
    expect(read.map(({ path, kind, feature, part }) => ({ path, kind, feature, part })).sort(byPath)).toEqual(
      featurePages
        .map(({ feature, page }) => ({
          path: page.path,
          kind: page.isAdmin ? 'adminPage' : 'page',
          feature: feature.name,
          part: feature.cataloguePart ?? null,
        }))
        .sort(byPath),
    );
    for (const page of read) expect(FEATURE_SOURCES.has(page.module), page.module).toBe(true);
  });

  it('name button permission keys of the catalogue, each once [spec:S0.6.4]', () => {
    for (const feature of FEATURES) {
      for (const key of feature.buttons) expect(isPermissionKey(key), `${feature.name}: ${key}`).toBe(true);
      expect(new Set(feature.buttons).size, feature.name).toBe(feature.buttons.length);
    }
  });

  it('load a component for every page', async () => {
    for (const { feature, page } of featurePages) {
      expect(typeof (await page.load()), `${feature.name} ${page.path}`).toBe('function');
    }
  }, 60_000);
});

const byPath = (a: { path: string | null }, b: { path: string | null }) =>
  String(a.path).localeCompare(String(b.path));
