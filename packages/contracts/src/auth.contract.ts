import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { CLIENT_PORTS } from './headers';
import { phoneSchema, smsCodeSchema } from './rules';

export const loginUserInfoSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  realName: z.string(),
  tenantId: z.number().int(),
  userTypeId: z.number().int().nullable(),
  deptId: z.number().int().nullable(),
  authorities: z.array(z.string()).describe('permission keys of the user (all usable roles)'),
  roleList: z.array(z.object({ roleId: z.number().int(), roleCode: z.string(), roleName: z.string() })),
  mustChangePassword: z
    .boolean()
    .describe('this session must change the password first; never in a session of a single sign-on'),
  isSso: z.boolean().describe('the session comes from a single sign-on (kept across refresh)'),
});

/** Login state (spec S0.3.1). */
export const tokenResponseSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int().describe('seconds until the access token expires'),
  refresh_expires_in: z.number().int(),
  tenantId: z.number().int(),
  user_info: loginUserInfoSchema,
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const tokenQuerySchema = z.object({
  grant_type: z.enum(['password', 'refresh_token']).describe('password or refresh_token'),
  randomStr: z.string().max(64).optional().describe('captcha key, as given to GET /code'),
  code: z.string().max(16).optional().describe('captcha answer'),
  scope: z.string().max(32).optional(),
});

export const tokenBodySchema = z.object({
  username: z.string().max(64).optional(),
  password: z.string().max(2048).optional().describe('`<keyId>.<base64 RSA-OAEP ciphertext>`'),
  refresh_token: z.string().max(256).optional(),
});

export const tokenEndpoint = defineEndpoint({
  method: 'POST',
  path: '/auth/oauth/token',
  summary: 'Log in with user name and encrypted password, or refresh a token',
  tags: ['auth'],
  query: tokenQuerySchema,
  body: tokenBodySchema,
  bodyType: 'form',
  response: tokenResponseSchema,
});

export const smsTokenEndpoint = defineEndpoint({
  method: 'POST',
  path: '/auth/mobile/token/sms',
  summary: 'Log in with a phone number and an SMS code',
  tags: ['auth'],
  query: z.object({
    mobile: z.string().regex(/^SMS@1[3-9]\d{9}$/, 'mobile must be SMS@ followed by an 11-digit phone'),
    code: smsCodeSchema,
    grant_type: z.literal('mobile').optional(),
  }),
  response: tokenResponseSchema,
});

export const logoutEndpoint = defineEndpoint({
  method: 'POST',
  path: '/auth/token/logout',
  summary: 'Revoke the current access and refresh token',
  tags: ['auth'],
  response: z.boolean(),
});

export const pingEndpoint = defineEndpoint({
  method: 'GET',
  path: '/auth/token/ping',
  summary: 'Token status: seconds left on the current access token',
  tags: ['auth'],
  response: z.object({ active: z.boolean(), expiresIn: z.number().int() }),
});

export const publicKeyEndpoint = defineEndpoint({
  method: 'GET',
  path: '/auth/publicKey',
  summary: 'Public key the client encrypts passwords with',
  tags: ['auth'],
  response: z.object({ keyId: z.string(), algorithm: z.literal('RSA-OAEP-256'), spki: z.string() }),
});

export const captchaEndpoint = defineEndpoint({
  method: 'GET',
  path: '/code',
  summary: 'Captcha image for a client-chosen key',
  tags: ['auth'],
  query: z.object({
    randomStr: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'randomStr must be 8-64 letters or digits'),
  }),
  response: null,
  produces: 'image/svg+xml',
});

const phoneQuery = z.object({ phone: phoneSchema });

export const sendSmsCodeEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/message/inner/sms/sendSmsCode',
  summary: 'Send a 6-digit login code to a phone',
  tags: ['auth'],
  query: phoneQuery,
  response: z.boolean(),
});

export const validSmsCodeEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/message/inner/sms/validSmsCode',
  summary: 'Check an SMS code without using it up',
  tags: ['auth'],
  query: phoneQuery.extend({ code: smsCodeSchema }),
  response: z.boolean(),
});

export const clientPortSchema = z.enum(CLIENT_PORTS);

const encryptedPassword = (what: string) =>
  z
    .string({ error: 'is required' })
    .min(1, 'is required')
    .max(2048)
    .describe(`${what}, encrypted like the login password: \`<keyId>.<base64 RSA-OAEP ciphertext>\``);

/**
 * Forced password change after login (spec S0.4.1, S0.7.10 "reset at login"): allowed only while the
 * login state says `mustChangePassword`. POST with a body, not the spec's GET: a password never goes in a URL.
 */
export const resetPasswordAtLoginEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/user/resetPwd',
  summary: 'Set a new password when the account must change it; signs out every session',
  tags: ['auth'],
  body: z.object({ newPwd: encryptedPassword('new password') }),
  response: z.literal(true),
});

/** Self-service password change (spec S0.7.10 "self change"); signs out every session on success. */
export const changeMyPasswordEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/user/changeMyPwd',
  summary: 'Change the own password with the old one; signs out every session',
  tags: ['auth'],
  body: z.object({
    oldPwd: encryptedPassword('current password'),
    newPwd: encryptedPassword('new password'),
  }),
  response: z.literal(true),
});
