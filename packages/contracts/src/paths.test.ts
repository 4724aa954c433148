import { describe, expect, it } from 'vitest';
import { isApiPath, withApiPrefix } from './paths';

describe('request paths [spec:S0.7.1]', () => {
  it('adds /biz in front of paths not under admin, auth or code', () => {
    expect(withApiPrefix('/consult/schedule/page')).toBe('/biz/consult/schedule/page');
    expect(withApiPrefix('/message/inner/sms/sendSmsCode')).toBe('/biz/message/inner/sms/sendSmsCode');
    expect(withApiPrefix('message/message/unread')).toBe('/biz/message/message/unread');
    expect(withApiPrefix('/admin/user/info')).toBe('/admin/user/info');
    expect(withApiPrefix('/auth/oauth/token')).toBe('/auth/oauth/token');
    expect(withApiPrefix('/code')).toBe('/code');
    expect(withApiPrefix('/code?randomStr=abcdefgh')).toBe('/code?randomStr=abcdefgh');
    expect(withApiPrefix('/biz/public/setting/manage/type')).toBe('/biz/public/setting/manage/type');
    // Only whole path segments count: /administration is a business path.
    expect(withApiPrefix('/administration/x')).toBe('/biz/administration/x');
    expect(withApiPrefix('/codes')).toBe('/biz/codes');
  });

  it('tells API paths from page paths', () => {
    expect(isApiPath('/admin/user/info')).toBe(true);
    expect(isApiPath('/biz/x')).toBe(true);
    expect(isApiPath('/code')).toBe(true);
    expect(isApiPath('/demo/login')).toBe(false);
    expect(isApiPath('/codes')).toBe(false);
  });
});
