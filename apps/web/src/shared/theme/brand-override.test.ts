import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../../test/memory-storage';
import {
  DEFAULT_PRIMARY_COLOR,
  readBrand,
  readPrimaryColorOverride,
  readTenantPrimaryColor,
  setBrand,
  setPrimaryColorOverride,
} from './brand';

describe("the user's own theme colour [spec:S0.1.3] [spec:S0.1.7]", () => {
  beforeEach(() => {
    vi.stubGlobal('sessionStorage', new MemoryStorage());
    vi.stubGlobal('localStorage', new MemoryStorage());
  });
  afterEach(() => vi.unstubAllGlobals());

  it("follows the tenant's colour until the user chooses one", () => {
    setBrand({ primaryColor: '#0a7c66' });
    expect(readBrand().primaryColor).toBe('#0a7c66');
    expect(readPrimaryColorOverride()).toBeNull();
  });

  it('overrides the primary colour, kept in local storage, and can be reset', () => {
    setBrand({ primaryColor: '#0a7c66', systemTitle: 'School' });
    setPrimaryColorOverride('#722ed1');
    expect(readBrand()).toMatchObject({ primaryColor: '#722ed1', systemTitle: 'School' });
    expect(readTenantPrimaryColor()).toBe('#0a7c66');
    expect(localStorage.getItem('psy-primary-color')).toBe('"#722ed1"');
    setPrimaryColorOverride(null);
    expect(readBrand().primaryColor).toBe('#0a7c66');
  });

  it('turns white or junk into the default blue', () => {
    setPrimaryColorOverride('#FFFFFF');
    expect(readBrand().primaryColor).toBe(DEFAULT_PRIMARY_COLOR);
    localStorage.setItem('psy-primary-color', '{"not":"a colour"}');
    expect(readPrimaryColorOverride()).toBeNull();
  });
});
