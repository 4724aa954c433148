import { useSyncExternalStore } from 'react';
import { parseStored, readStoredRaw, writeStored } from '../storage/storage';

/** Ant Design's default blue: the colour when a tenant sets none, or white (spec S0.1 page setup). */
export const DEFAULT_PRIMARY_COLOR = '#1677ff';
const DEFAULT_FAVICON = '/favicon.svg';
const BRAND_KEY = 'brand';

/** How the tenant's pages look: its page setup, resolved to what the UI uses. */
export interface Brand {
  primaryColor: string;
  systemTitle: string | null;
  browserTitle: string | null;
  browserIcon: string | null;
  logo: string | null;
  technicalSupport: string | null;
}

const DEFAULT_BRAND: Brand = {
  primaryColor: DEFAULT_PRIMARY_COLOR,
  systemTitle: null,
  browserTitle: null,
  browserIcon: null,
  logo: null,
  technicalSupport: null,
};

const WHITE = new Set([
  '#fff',
  '#ffffff',
  '#ffff',
  '#ffffffff',
  'white',
  'rgb(255,255,255)',
  'rgba(255,255,255,1)',
]);
const COLOUR_PATTERN = /^(#[0-9a-f]{3,4}|#[0-9a-f]{6}|#[0-9a-f]{8}|rgba?\([\d\s.,%]+\))$/i;

/** A tenant theme colour as the primary colour: white (which would hide buttons) and invalid values fall back. */
export function resolvePrimaryColor(color: string | null | undefined): string {
  const value = (color ?? '').trim();
  const compact = value.toLowerCase().replace(/\s+/g, '');
  if (!value || WHITE.has(compact) || !COLOUR_PATTERN.test(value)) return DEFAULT_PRIMARY_COLOR;
  return value;
}

const listeners = new Set<() => void>();
let cached: { raw: string | null; brand: Brand } = { raw: null, brand: DEFAULT_BRAND };

export function readBrand(): Brand {
  const raw = readStoredRaw(BRAND_KEY);
  if (raw !== cached.raw) cached = { raw, brand: { ...DEFAULT_BRAND, ...parseStored<Partial<Brand>>(raw) } };
  return cached.brand;
}

/** Replaces the brand; kept for the tab's session so pages after login keep the tenant's look. */
export function setBrand(brand: Partial<Brand>): void {
  writeStored(BRAND_KEY, {
    ...DEFAULT_BRAND,
    ...brand,
    primaryColor: resolvePrimaryColor(brand.primaryColor),
  });
  for (const listener of listeners) listener();
}

export function subscribeBrand(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useBrand(): Brand {
  return useSyncExternalStore(subscribeBrand, readBrand, () => DEFAULT_BRAND);
}

/** Browser tab title and icon of the brand; `fallbackTitle` when the tenant sets no title. */
export function applyDocumentBrand(brand: Brand, fallbackTitle: string): void {
  document.title = brand.browserTitle || brand.systemTitle || fallbackTitle;
  let link = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  const icon = brand.browserIcon || DEFAULT_FAVICON;
  if (link.getAttribute('href') !== icon) {
    link.removeAttribute('type');
    link.href = icon;
  }
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', brand.primaryColor);
}
