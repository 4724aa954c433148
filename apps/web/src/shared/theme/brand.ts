import { useSyncExternalStore } from 'react';
import { parseStored, readStoredRaw, removeStored, writeStored } from '../storage/storage';
import { parseColor } from './brand-colors';
import { createListeners } from '../lib/listeners';

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

/**
 * A tenant theme colour as the primary colour: white (which would hide buttons, however it is written) and
 * anything that is not a colour fall back to the default blue.
 */
export function resolvePrimaryColor(color: string | null | undefined): string {
  const value = (color ?? '').trim();
  const rgb = value ? parseColor(value) : null;
  if (!rgb || rgb.every((channel) => channel >= 255)) return DEFAULT_PRIMARY_COLOR;
  return value;
}

const changes = createListeners();
let cached: { raw: string | null; own: string | null; tenantColor: string; brand: Brand } = {
  raw: null,
  own: null,
  tenantColor: DEFAULT_PRIMARY_COLOR,
  brand: DEFAULT_BRAND,
};

/** The tenant's brand, with the user's own theme colour (if chosen) as the primary colour. */
export function readBrand(): Brand {
  const raw = readStoredRaw(BRAND_KEY);
  const own = readPrimaryColorOverride();
  if (raw !== cached.raw || own !== cached.own) {
    const tenant = { ...DEFAULT_BRAND, ...parseStored<Partial<Brand>>(raw) };
    cached = {
      raw,
      own,
      tenantColor: tenant.primaryColor,
      brand: own ? { ...tenant, primaryColor: own } : tenant,
    };
  }
  return cached.brand;
}

const OWN_COLOR_KEY = 'primary-color';

/**
 * The colour this browser's user chose with the theme-colour control (spec S0.1.3), or null to follow the
 * tenant's. Kept in local storage ("lasting"); white and invalid values resolve to the default blue (S0.1.7).
 */
export function readPrimaryColorOverride(): string | null {
  const raw = readStoredRaw(OWN_COLOR_KEY, { lasting: true });
  const value = parseStored<unknown>(raw);
  return typeof value === 'string' && value.trim() ? resolvePrimaryColor(value) : null;
}

export function setPrimaryColorOverride(color: string | null): void {
  if (color) writeStored(OWN_COLOR_KEY, resolvePrimaryColor(color), { lasting: true });
  else removeStored(OWN_COLOR_KEY, { lasting: true });
  changes.emit();
}

/** The tenant's own primary colour, whatever the user chose. */
export function readTenantPrimaryColor(): string {
  readBrand();
  return cached.tenantColor;
}

/** Replaces the brand; kept for the tab's session so pages after login keep the tenant's look. */
export function setBrand(brand: Partial<Brand>): void {
  writeStored(BRAND_KEY, {
    ...DEFAULT_BRAND,
    ...brand,
    primaryColor: resolvePrimaryColor(brand.primaryColor),
  });
  changes.emit();
}

export function subscribeBrand(listener: () => void): () => void {
  return changes.subscribe(listener);
}

export function useBrand(): Brand {
  return useSyncExternalStore(subscribeBrand, readBrand, () => DEFAULT_BRAND);
}

export function useTenantPrimaryColor(): string {
  return useSyncExternalStore(subscribeBrand, readTenantPrimaryColor, () => DEFAULT_PRIMARY_COLOR);
}

export function usePrimaryColorOverride(): string | null {
  return useSyncExternalStore(subscribeBrand, readPrimaryColorOverride, () => null);
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
