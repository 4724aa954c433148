import { describe, expect, it } from 'vitest';
import { closingLosesChanges, navigationLosesChanges, setUnsaved, unsavedPaths } from './unsaved-changes';

const at = (pathname: string, search = '') => ({ pathname, search });

describe('unsaved changes: when to ask before leaving [spec:S0.4.8] [spec:S0.9.5]', () => {
  it('registers and clears the pages with unsaved changes', () => {
    setUnsaved('/forms/fill', true);
    expect(unsavedPaths().has('/forms/fill')).toBe(true);
    setUnsaved('/forms/fill', false);
    expect(unsavedPaths().size).toBe(0);
  });

  it('asks when a closed tab has unsaved changes', () => {
    const dirty = new Set(['/forms/fill']);
    expect(closingLosesChanges(['/forms/fill'], dirty)).toBe(true);
    expect(closingLosesChanges(['/home', '/admin/user'], dirty)).toBe(false);
    expect(closingLosesChanges(['/forms/fill'], new Set())).toBe(false);
  });

  it('asks when the same page opens another form, or a page that is not kept alive is left', () => {
    const from = at('/forms/fill', '?formId=1');
    expect(
      navigationLosesChanges({ dirty: true, keptAlive: true, from, to: at('/forms/fill', '?formId=2') }),
    ).toBe(true);
    expect(navigationLosesChanges({ dirty: true, keptAlive: true, from, to: at('/home') })).toBe(false);
    expect(navigationLosesChanges({ dirty: true, keptAlive: false, from, to: at('/home') })).toBe(true);
    expect(navigationLosesChanges({ dirty: true, keptAlive: false, from, to: from })).toBe(false);
    expect(navigationLosesChanges({ dirty: false, keptAlive: false, from, to: at('/home') })).toBe(false);
  });
});
