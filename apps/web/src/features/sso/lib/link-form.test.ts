import { describe, expect, it } from 'vitest';
import { linkSaveBody, userLabel } from './link-form';

describe('the explicit link form', () => {
  it('trims the subject and names what is missing', () => {
    expect(linkSaveBody(3, { userId: 7, subject: '  20240001 ' })).toEqual({
      body: { providerId: 3, subject: '20240001', userId: 7 },
    });
    expect(linkSaveBody(3, { userId: 7, subject: '   ' })).toEqual({ missing: ['subject'] });
    expect(linkSaveBody(3, { subject: 'x' })).toEqual({ missing: ['userId'] });
    expect(linkSaveBody(3, {})).toEqual({ missing: ['userId', 'subject'] });
  });

  it('names a user by number, else by login account', () => {
    expect(userLabel({ realName: '张三', username: 'zs', numberName: 'S001' })).toBe('张三 (S001)');
    expect(userLabel({ realName: '张三', username: 'zs', numberName: null })).toBe('张三 (zs)');
    expect(userLabel({ realName: 'Li', username: 'li' })).toBe('Li (li)');
  });
});
