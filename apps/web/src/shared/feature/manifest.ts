import type { PermissionKey } from '@psy/contracts';
import type { ComponentType } from 'react';
import type { CataloguePart } from '../../i18n/i18n';

/**
 * How a feature plugs into the web app (docs/modules.md "The web side"): each feature that owns pages
 * exports one manifest from a small `manifest.ts` that its `index.ts` re-exports, and
 * `app/features.ts` lists the manifests; the page registry is built from that list. A manifest holds
 * no components, only loaders, so importing it brings nothing of the pages into the entry or the
 * layout.
 */
export interface FeaturePage {
  /** The route path of the menu entry that shows the page (spec S0.2.14, S1.2). */
  path: string;
  /** Loads the page's component: a dynamic import, so the page is a chunk of its own. */
  load: () => Promise<ComponentType>;
  /**
   * An administration page: its texts are in the `admin` catalogue part, loaded before it renders,
   * and its size budget is the administration pages' (scripts/route-sizes.mjs).
   */
  isAdmin: boolean;
}

export interface FeatureManifest {
  /** The feature's folder under `features/`. */
  name: string;
  pages: readonly FeaturePage[];
  /** The catalogue part that holds the feature's texts, if they are not in the main catalogue. */
  cataloguePart?: CataloguePart;
  /** The button permission keys its pages check (menu codes are the pages' paths' business). */
  buttons: readonly PermissionKey[];
}

// `page` and `adminPage` are written `page('/path', () => import('./file'), 'Export')` in every
// manifest: scripts/route-sizes.mjs reads them in that shape to know each page's chunk and budget.

/** A page whose texts are in the main catalogue. */
export function page<K extends string>(
  path: string,
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): FeaturePage {
  return { path, load: async () => (await load())[name], isAdmin: false };
}

/** An administration page: its texts are in the `admin` catalogue part. */
export function adminPage<K extends string>(
  path: string,
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): FeaturePage {
  return { path, load: async () => (await load())[name], isAdmin: true };
}

export function defineFeature(manifest: FeatureManifest): FeatureManifest {
  return manifest;
}
