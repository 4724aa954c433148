import { z } from 'zod';
import { tokenResponseSchema } from './auth.contract';
import { defineEndpoint } from './endpoint';
import { ID_CARD_MAX, ID_TYPES } from './id-types';

// A file of its own: the login page's first load carries the password login's contract, not this one.
/** Login by ID type and number (spec S0.7.2, S0.8.7; the types and rules of S0.5.4). */
export const idCardTokenEndpoint = defineEndpoint({
  method: 'POST',
  path: '/auth/token/idCard',
  summary: 'Log in with ID type and number and the encrypted password',
  tags: ['auth'],
  query: z.object({
    randomStr: z.string().max(64).optional().describe('captcha key, as given to GET /code'),
    code: z.string().max(16).optional().describe('captcha answer'),
  }),
  body: z.object({
    idType: z.coerce
      .number()
      .int()
      .min(ID_TYPES.idCard, 'choose the ID type')
      .max(ID_TYPES.militaryPoliceId, 'choose the ID type')
      .describe('1 ID card ... 8 military/police ID (spec S0.5.4)'),
    idNumber: z.string().max(ID_CARD_MAX + 4),
    password: z.string().max(2048).describe('`<keyId>.<base64 RSA-OAEP ciphertext>`'),
  }),
  bodyType: 'form',
  response: tokenResponseSchema,
});
