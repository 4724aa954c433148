import { SYSTEM_ROUTE_PATHS } from '@psy/contracts';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadCataloguePart } from '../../i18n/i18n';
import type { FeatureManifest, FeaturePage } from '../../shared/feature/manifest';
import { FEATURES } from '../features';
import type { ShellPageKey } from './resolve-page';

type LazyPage = LazyExoticComponent<ComponentType>;

const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): LazyPage =>
  lazy(async () => ({ default: (await load())[name] }));

/** A feature's page; a feature whose texts are in a catalogue part loads it with the page. */
const featurePage = (feature: FeatureManifest, { load }: FeaturePage): LazyPage =>
  lazy(async () => {
    const { cataloguePart } = feature;
    const [component] = await Promise.all([load(), cataloguePart && loadCataloguePart(cataloguePart)]);
    return { default: component };
  });

/** The pages of the features by path; two features claiming one path is a mistake of the list. */
export function menuPagesOf(features: readonly FeatureManifest[]): Record<string, LazyPage> {
  const pages: Record<string, LazyPage> = {};
  for (const feature of features) {
    for (const entry of feature.pages) {
      if (entry.path in pages) {
        throw new Error(`${feature.name}: the page ${entry.path} is registered twice`);
      }
      pages[entry.path] = featurePage(feature, entry);
    }
  }
  return pages;
}

/** The shell's own pages, each in its own chunk. */
export const SHELL_PAGES: Record<ShellPageKey, LazyPage> = {
  home: page(() => import('../routes/workbench-page'), 'WorkbenchPage'),
  forbidden: page(() => import('../routes/forbidden-page'), 'ForbiddenPage'),
  notFound: page(() => import('../routes/not-found-page'), 'NotFoundPage'),
  password: page(() => import('../routes/change-password-page'), 'ChangePasswordPage'),
  personalInfo: page(() => import('../routes/personal-info-page'), 'PersonalInfoPage'),
  formFill: page(() => import('../../features/forms/fill-page'), 'FormFillPage'),
};

/**
 * Pages of menu entries, by route path, from the features' manifests (app/features.ts). An entry of the
 * user's menu without a page shows that the module is not available in this version.
 */
export const MENU_PAGES: Record<string, LazyPage> = menuPagesOf(FEATURES);

/** Spec S0.2.14 routes (and two short forms): opening one the user's menu lacks is a 403, not a 404. */
const SYSTEM_ROUTES = [...SYSTEM_ROUTE_PATHS, '/userinfo', '/noticeList'];

export const KNOWN_PATHS: ReadonlySet<string> = new Set([...SYSTEM_ROUTES, ...Object.keys(MENU_PAGES)]);

export const MODULE_UNAVAILABLE_PAGE: LazyPage = page(
  () => import('../routes/module-unavailable-page'),
  'ModuleUnavailablePage',
);
export const EMBEDDED_PAGE = lazy(async () => ({
  default: (await import('../routes/embedded-page')).EmbeddedPage,
}));
