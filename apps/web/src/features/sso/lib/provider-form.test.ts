import { describe, expect, it } from 'vitest';
import { providerFormValues, providerSaveBody } from './provider-form';

describe('provider dialog', () => {
  it('starts a new provider returning to this site', () => {
    const values = providerFormValues(null, 'https://psy.example.edu');
    expect(values.redirectUris).toBe('https://psy.example.edu/authredirect');
    expect(values.kind).toBe('cas');
  });

  it("sends only the kind's settings, and no secret when the field is left empty", () => {
    const base = providerFormValues(null, 'https://a.test');
    const body = providerSaveBody(
      {
        ...base,
        code: 'uia',
        name: 'UIA',
        kind: 'oidc',
        issuer: 'https://idp.test',
        clientId: 'c',
        serverUrl: 'x',
        secret: '  ',
      },
      7,
    );
    expect(body).toMatchObject({
      id: 7,
      kind: 'oidc',
      config: { issuer: 'https://idp.test', clientId: 'c' },
    });
    expect('secret' in body).toBe(false);
    expect(JSON.stringify(body)).not.toContain('serverUrl');
    const withSecret = providerSaveBody(
      { ...base, code: 'd', name: 'D', kind: 'dingtalk', clientId: 'k', secret: 's' },
      undefined,
    );
    expect(withSecret).toMatchObject({ kind: 'dingtalk', secret: 's', config: { clientId: 'k' } });
  });

  it("sends DingTalk's optional corpId and WeCom's in-app address only when filled", () => {
    const base = { ...providerFormValues(null, 'https://a.test'), code: 'd', name: 'D' };
    const ding = providerSaveBody({ ...base, kind: 'dingtalk', clientId: 'k', corpId: ' dingcorp ' }, 1);
    expect(ding.config).toEqual({ clientId: 'k', corpId: 'dingcorp' });
    const noCorp = providerSaveBody({ ...base, kind: 'dingtalk', clientId: 'k', corpId: ' ' }, 1);
    expect(JSON.parse(JSON.stringify(noCorp.config))).toEqual({ clientId: 'k' });
    const wecom = providerSaveBody(
      { ...base, kind: 'wecom', corpId: 'ww1', agentId: '1', inAppBase: 'http://127.0.0.1:9/' },
      1,
    );
    expect(wecom.config).toMatchObject({ corpId: 'ww1', agentId: '1', inAppBase: 'http://127.0.0.1:9/' });
  });

  it('reads the return addresses one per line', () => {
    const base = providerFormValues(null, 'https://a.test');
    const body = providerSaveBody(
      {
        ...base,
        code: 'c',
        name: 'C',
        serverUrl: 'https://cas.test/cas',
        redirectUris: 'https://a.test/authredirect\n https://b.test/authredirect \n',
      },
      undefined,
    );
    expect(body.redirectUris).toEqual(['https://a.test/authredirect', 'https://b.test/authredirect']);
  });

  it('sends self-registration when on, or to turn off a stored one, and nothing otherwise', () => {
    const base = {
      ...providerFormValues(null, 'https://a.test'),
      code: 'c',
      name: 'C',
      serverUrl: 'https://cas.test',
    };
    expect('registration' in providerSaveBody(base, undefined)).toBe(false);
    expect(
      providerSaveBody(
        { ...base, registerEnabled: true, registerNameClaim: ' cn ', registerNumberClaim: '' },
        1,
      ).registration,
    ).toEqual({ enabled: true, userTypeCode: 'student', roleCode: 'ROLE_GENERAL', nameClaim: 'cn' });
    const stored = providerFormValues(
      {
        id: 1,
        code: 'c',
        kind: 'cas',
        name: 'C',
        nameEn: null,
        enabled: true,
        config: { serverUrl: 'https://cas.test', version: '3.0' },
        redirectUris: ['https://a.test/authredirect'],
        linkBy: 'username',
        subjectClaim: null,
        registration: { enabled: true, userTypeCode: 'staff', roleCode: 'ROLE_CONSULTANT', deptId: 5 },
        hasSecret: false,
        updateTime: '2026-01-01T00:00:00.000Z',
      },
      'https://a.test',
    );
    expect(providerSaveBody({ ...stored, registerEnabled: false }, 1).registration).toEqual({
      enabled: false,
      userTypeCode: 'staff',
      roleCode: 'ROLE_CONSULTANT',
      deptId: 5,
    });
  });
});
