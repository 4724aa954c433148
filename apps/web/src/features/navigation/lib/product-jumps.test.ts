import { describe, expect, it } from 'vitest';
import { dataVisualJumpUrl, isHttpUrl, jumpOffer, sleepJumpUrl, withQueryParameters } from './product-jumps';

const who = { username: 'admin', token: 'tok-123', tenantId: 7 };

describe('product jumps', () => {
  it('accepts only absolute http(s) addresses [spec:S0.5.18] [spec:S0.8.8]', () => {
    expect(isHttpUrl('https://sleep.example.edu/entry')).toBe(true);
    expect(isHttpUrl('http://10.0.0.5:8080')).toBe(true);
    for (const bad of [
      null,
      undefined,
      '',
      ' ',
      'sleep.example.edu',
      '/sleep/index',
      'ftp://example.edu',
      'javascript:alert(1)',
      'data:text/html,hi',
      'https://',
      'https://exa mple.edu',
      ' https://example.edu',
    ]) {
      expect(isHttpUrl(bad), String(bad)).toBe(false);
    }
  });

  it('sleep opens its redirect URL with username and token [spec:S0.4.6]', () => {
    expect(sleepJumpUrl('https://sleep.example.edu/entry', who)).toBe(
      'https://sleep.example.edu/entry?username=admin&token=tok-123',
    );
  });

  it('data visualisation opens with token and tenantId [spec:S0.4.6]', () => {
    expect(dataVisualJumpUrl('https://screen.example.edu/', who)).toBe(
      'https://screen.example.edu/?token=tok-123&tenantId=7',
    );
  });

  it('encodes names and values with encodeURIComponent [spec:S0.4.6]', () => {
    expect(sleepJumpUrl('https://s.example.edu/', { username: '王 心怡&x=1', token: 'a+b/c=?#' })).toBe(
      'https://s.example.edu/?username=%E7%8E%8B%20%E5%BF%83%E6%80%A1%26x%3D1&token=a%2Bb%2Fc%3D%3F%23',
    );
  });

  it('keeps an existing query and fragment [spec:S0.4.6]', () => {
    expect(sleepJumpUrl('https://s.example.edu/app?from=psy#/home', who)).toBe(
      'https://s.example.edu/app?from=psy&username=admin&token=tok-123#/home',
    );
    expect(sleepJumpUrl('https://s.example.edu/app?', who)).toBe(
      'https://s.example.edu/app?username=admin&token=tok-123',
    );
    expect(withQueryParameters('https://s.example.edu/a?x=1&', [['y', 2]])).toBe(
      'https://s.example.edu/a?x=1&y=2',
    );
    expect(withQueryParameters('https://s.example.edu/a', [])).toBe('https://s.example.edu/a');
  });

  it('builds nothing for a missing or invalid address, so the token goes nowhere [spec:S0.8.8]', () => {
    for (const bad of [
      null,
      undefined,
      '',
      'sleep.example.edu',
      'javascript:alert(document.cookie)',
      '//evil.example',
    ]) {
      expect(sleepJumpUrl(bad, who)).toBeNull();
      expect(dataVisualJumpUrl(bad, who)).toBeNull();
    }
  });
});

describe('jumpOffer', () => {
  it('opens a valid address; without one tells the products administrator and hides it from others', () => {
    expect(jumpOffer('https://sleep.example/x', [])).toBe('open');
    expect(jumpOffer(null, ['sys_product'])).toBe('configure');
    expect(jumpOffer(null, ['plantest_take'])).toBe('hide');
    expect(jumpOffer(null, undefined)).toBe('hide');
  });
});
