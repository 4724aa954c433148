import { createHmac, createHash, generateKeyPairSync, privateDecrypt, constants } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  canonicalRequest,
  encryptPassword,
  parsePasswordPayload,
  PUBLIC_SIGNING_KEY,
  signRequest,
  UNSIGNED_PAYLOAD,
  HEADER,
} from './index';
import { isPhoneNumber, loginAccountSchema } from './rules';

describe('request signing [spec:S0.7.1]', () => {
  it('signs METHOD, path with query, timestamp, request id and body hash with HMAC-SHA256', async () => {
    const token = 'tok_abcdefghijklmnopqrstuvwxyz0123456789';
    const body = '{"a":1}';
    const h = await signRequest({
      method: 'post',
      pathWithQuery: '/admin/x?b=2',
      body,
      accessToken: token,
      now: 1700000000000,
      requestId: 'req-0000000000000001',
    });
    const key = createHash('sha256').update(token).digest('hex');
    const canonical = [
      'POST',
      '/admin/x?b=2',
      '1700000000000',
      'req-0000000000000001',
      createHash('sha256').update(body).digest('hex'),
    ].join('\n');
    expect(h[HEADER.sign]).toBe(createHmac('sha256', key).update(canonical).digest('hex'));
    expect(h[HEADER.timestamp]).toBe('1700000000000');
    expect(h[HEADER.requestId]).toBe('req-0000000000000001');
  });

  it('uses the public key before login and the unsigned-payload marker for uploads', async () => {
    const h = await signRequest({
      method: 'POST',
      pathWithQuery: '/u',
      body: UNSIGNED_PAYLOAD,
      now: 1,
      requestId: 'req-0000000000000002',
    });
    const canonical = canonicalRequest({
      method: 'POST',
      pathWithQuery: '/u',
      timestamp: '1',
      requestId: 'req-0000000000000002',
      bodyHash: UNSIGNED_PAYLOAD,
    });
    expect(h[HEADER.sign]).toBe(createHmac('sha256', PUBLIC_SIGNING_KEY).update(canonical).digest('hex'));
  });

  it('makes a fresh request id for every request', async () => {
    const a = await signRequest({ method: 'GET', pathWithQuery: '/x' });
    const b = await signRequest({ method: 'GET', pathWithQuery: '/x' });
    expect(a[HEADER.requestId]).not.toBe(b[HEADER.requestId]);
    expect(a[HEADER.requestId]).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('password encryption [spec:S0.7.1]', () => {
  it('encrypts with RSA-OAEP-256 so that only the private key recovers the password', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const spki = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    const sent = await encryptPassword({ keyId: 'k1', spki }, 'Pässword-1!');
    const [keyId, b64] = sent.split('.');
    expect(keyId).toBe('k1');
    const plain = privateDecrypt(
      { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(b64!, 'base64'),
    );
    const payload = parsePasswordPayload(plain.toString('utf8'));
    expect(payload?.password).toBe('Pässword-1!');
    expect(await encryptPassword({ keyId: 'k1', spki }, 'Pässword-1!')).not.toBe(sent);
  });

  it('binds the password to the moment: a time and a single-use nonce inside the payload', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const spki = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    const open = async (sent: string) =>
      parsePasswordPayload(
        privateDecrypt(
          { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
          Buffer.from(sent.split('.')[1]!, 'base64'),
        ).toString('utf8'),
      );
    const before = Date.now();
    const a = await open(await encryptPassword({ keyId: 'k1', spki }, 'a.b.c'));
    const b = await open(await encryptPassword({ keyId: 'k1', spki }, 'a.b.c'));
    expect(a?.password).toBe('a.b.c');
    expect(a!.timestamp).toBeGreaterThanOrEqual(before);
    expect(a!.timestamp).toBeLessThanOrEqual(Date.now());
    expect(a!.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(b!.nonce).not.toBe(a!.nonce);
    expect(parsePasswordPayload('Passw0rd!x')).toBeNull();
    // 20 four-byte characters, the longest a password rule allows, still fit.
    expect((await open(await encryptPassword({ keyId: 'k1', spki }, '😀'.repeat(20))))?.password).toBe(
      '😀'.repeat(20),
    );
    await expect(encryptPassword({ keyId: 'k1', spki }, 'x'.repeat(200))).rejects.toThrow(/too long/);
  });
});

describe('shared rules [spec:S0.5.1] [spec:S0.5.3]', () => {
  it('accepts login accounts of 2-20 characters', () => {
    expect(loginAccountSchema.safeParse('a').error?.issues[0]?.message).toBe(
      'login account at least 2-20 characters',
    );
    expect(loginAccountSchema.safeParse('').error?.issues[0]?.message).toBe('enter login account');
    expect(loginAccountSchema.safeParse('ab').success).toBe(true);
    expect(loginAccountSchema.safeParse('a'.repeat(21)).success).toBe(false);
  });

  it('accepts 11-digit phones starting 1 then 3-9', () => {
    expect(isPhoneNumber('13800000000')).toBe(true);
    expect(isPhoneNumber('12800000000')).toBe(false);
    expect(isPhoneNumber('1380000000')).toBe(false);
    expect(isPhoneNumber('138000000001')).toBe(false);
  });
});
