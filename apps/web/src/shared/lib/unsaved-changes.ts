/**
 * Unsaved changes of open pages (docs/forms.md "Unsaved changes"): a page with a form being edited
 * registers its path while its change tracking says it is dirty; the browser's unload, the router and
 * the tab bar ask before a change would be lost. The decisions are pure functions (unit-tested).
 */
const dirtyPaths = new Set<string>();

/** Registers (or clears) unsaved changes of the page at `path`. */
export function setUnsaved(path: string, dirty: boolean): void {
  if (dirty) dirtyPaths.add(path);
  else dirtyPaths.delete(path);
}

/** The pages with unsaved changes now. */
export function unsavedPaths(): ReadonlySet<string> {
  return dirtyPaths;
}

/** Whether closing these tabs (page paths) would lose unsaved changes. */
export function closingLosesChanges(closing: Iterable<string>, dirty: ReadonlySet<string>): boolean {
  for (const path of closing) if (dirty.has(path)) return true;
  return false;
}

export interface PageLocation {
  pathname: string;
  search: string;
}

/**
 * Whether a navigation from a page with unsaved changes loses them: the same page with another query
 * replaces the form in its tab; another page unmounts it unless the page is kept alive in its tab
 * (shell pages such as `/forms/fill` are). A hash-only change or staying put loses nothing.
 */
export function navigationLosesChanges(input: {
  dirty: boolean;
  keptAlive: boolean;
  from: PageLocation;
  to: PageLocation;
}): boolean {
  const { dirty, keptAlive, from, to } = input;
  if (!dirty) return false;
  if (to.pathname === from.pathname) return to.search !== from.search;
  return !keptAlive;
}
