import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';

/**
 * Refusals Fastify makes before a route's handler (or before routing) answer in the `{code, msg, data}`
 * shape in the caller's language, zh-CN by default: a zh-CN reader sees no English detail of Fastify's.
 */
let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.tokenFor('admin');
});
afterAll(() => t?.close());

const HAN = /\p{Script=Han}/u;
const LATIN_WORD = /[A-Za-z]{3,}/;

/** A signed-in POST to a real route with a body and headers as given, unsigned so nothing re-encodes it. */
async function send(
  lang: string | null,
  headers: Record<string, string>,
  payload: string | Buffer | undefined,
  url = '/admin/v2/user/addUser',
) {
  const res = await t.app.app.inject({
    method: 'POST',
    url,
    payload,
    headers: {
      authorization: `Bearer ${admin}`,
      'tenant-id': String(t.alpha.tenantId),
      ...(lang ? { 'accept-language': lang } : {}),
      ...headers,
    },
  });
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: unknown } };
}

/** The zh-CN answer: Chinese, with no English word (a field's name or a media type may stay). */
function expectChinese(msg: string, allowed: string[] = []) {
  expect(msg).toMatch(HAN);
  let rest = msg;
  for (const a of allowed) rest = rest.split(a).join('');
  expect(rest).not.toMatch(LATIN_WORD);
}

const CASES: {
  name: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  url?: string;
  status: number;
  zh: string;
  en: string;
  allowed?: string[];
}[] = [
  {
    name: 'a malformed JSON body',
    headers: { 'content-type': 'application/json' },
    payload: '{"username":',
    status: 400,
    zh: 'body: 不是有效的 JSON',
    en: 'body: not valid JSON',
    allowed: ['body', 'JSON'],
  },
  {
    name: 'an unsupported content type',
    headers: { 'content-type': 'application/xml' },
    payload: '<user/>',
    status: 415,
    zh: 'content-type: 此处不接受该类型；请发送 JSON、表单或 multipart/form-data',
    en: 'content-type: not accepted here; send JSON, a form or multipart/form-data',
    allowed: ['content-type', 'JSON', 'multipart/form-data'],
  },
  {
    name: 'a body over the limit',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ username: 'x'.repeat(12 * 1024 * 1024) }),
    status: 413,
    zh: 'body: 超过该请求允许的大小',
    en: 'body: larger than this request may send',
    allowed: ['body'],
  },
  {
    name: 'a malformed multipart body',
    headers: { 'content-type': 'multipart/form-data; boundary=zz' },
    payload: '--zz\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\ncut short',
    url: '/admin/user/importUsers',
    status: 400,
    zh: 'body: multipart/form-data 格式错误',
    en: 'body: malformed multipart/form-data',
    allowed: ['body', 'multipart/form-data'],
  },
  {
    name: 'a Content-Length that does not match the body (a parse error before the handler)',
    headers: { 'content-type': 'application/json', 'content-length': '99' },
    payload: '{}',
    status: 400,
    zh: 'content-length: 与请求体的大小不符',
    en: 'content-length: does not match the size of the body',
    allowed: ['content-length'],
  },
  {
    name: 'a URL that does not decode (refused before routing)',
    headers: {},
    url: '/admin/v2/user/%E0%A4%A',
    status: 400,
    zh: 'url: 无法解码',
    en: 'url: cannot be decoded',
    allowed: ['url'],
  },
];

describe("Fastify's own refusals in the caller language", () => {
  for (const c of CASES) {
    it(`${c.name}: zh-CN by default and when asked, en-US when asked`, async () => {
      for (const lang of [null, 'zh-CN,zh;q=0.9']) {
        const zh = await send(lang, c.headers, c.payload, c.url);
        expect(zh.status, `${lang}: ${zh.body.msg}`).toBe(c.status);
        expect([zh.body.code, zh.body.msg]).toEqual([c.status, c.zh]);
        expectChinese(zh.body.msg, c.allowed);
      }
      const en = await send('en-US,en;q=0.9', c.headers, c.payload, c.url);
      expect(en.status).toBe(c.status);
      expect(en.body.code).toBe(c.status);
      expect(en.body.msg).toBe(c.en);
      expect(en.body.msg).not.toMatch(HAN);
    });
  }
});
