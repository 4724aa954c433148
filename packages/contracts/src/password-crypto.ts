/**
 * Password encryption in the client (spec S0.7): RSA-OAEP with SHA-256 under the server's published
 * public key (`GET /auth/publicKey`). The ciphertext travels as `<keyId>.<base64>`.
 */
export const PASSWORD_CIPHER = 'RSA-OAEP-256';

function base64ToBytes(b64: string): Uint8Array<ArrayBuffer> {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function bytesToBase64(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

export async function encryptPassword(
  publicKey: { keyId: string; spki: string },
  password: string,
): Promise<string> {
  const key = await crypto.subtle.importKey(
    'spki',
    base64ToBytes(publicKey.spki),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  const cipher = await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(password));
  return `${publicKey.keyId}.${bytesToBase64(new Uint8Array(cipher))}`;
}
