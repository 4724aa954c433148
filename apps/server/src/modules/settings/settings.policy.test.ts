import { describe, expect, it } from 'vitest';
import type { Principal } from '../../core/http/context';
import { canWriteSetting } from './settings.policy';

const principal = (...keys: string[]) => ({ permissions: new Set(keys) }) as unknown as Principal;

describe('who may save a setting [spec:S0.7.8] [spec:S0.3.12]', () => {
  it('sys_setting saves any code; sys_agreement only the agreement setting', () => {
    expect(canWriteSetting(principal('sys_setting'), 'zxyyms')).toBe(true);
    expect(canWriteSetting(principal('sys_setting'), 'agreementSetting')).toBe(true);
    expect(canWriteSetting(principal('sys_agreement'), 'agreementSetting')).toBe(true);
    expect(canWriteSetting(principal('sys_agreement'), 'zxyyms')).toBe(false);
    expect(canWriteSetting(principal('sys_dict'), 'agreementSetting')).toBe(false);
  });
});
