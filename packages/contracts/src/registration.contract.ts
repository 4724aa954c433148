import { z } from 'zod';
import { defineEndpoint, idSchema } from './endpoint';
import { deptNodeSchema } from './identity.contract';
import { loginAccountSchema, NUMBER_NAME_MAX, phoneSchema, profileTextSchema, REAL_NAME_MAX } from './rules';

/**
 * What the registration page of a school needs (`GET /admin/user/regionSetting`): whether anyone may
 * register, the user types open to registration, and the organisation tree a registrant chooses their
 * department ("region": school, college, class) from. Registration is on only while some user type of
 * the school allows it.
 */
export const regionSettingSchema = z.object({
  registerEnabled: z.boolean(),
  userTypes: z.array(z.object({ id: z.number().int(), name: z.string(), code: z.string() })),
  depts: z.array(deptNodeSchema).describe('empty while registration is off'),
  captchaRequired: z.literal(true).describe('registration always asks for the captcha of GET /code'),
});
export type RegionSetting = z.infer<typeof regionSettingSchema>;

export const regionSettingEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/user/regionSetting',
  summary: 'Registration settings of the school of TENANT-ID: registrable user types and departments',
  tags: ['user-profile'],
  response: regionSettingSchema,
});

export const registerBodySchema = z.strictObject({
  username: loginAccountSchema,
  password: z.string().min(1).max(1024).describe('encrypted with GET /auth/publicKey, as at login'),
  realName: profileTextSchema(REAL_NAME_MAX, 'enter name'),
  numberName: profileTextSchema(NUMBER_NAME_MAX, 'enter number').optional(),
  phone: phoneSchema,
  userTypeId: idSchema,
  deptId: idSchema,
  randomStr: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'randomStr must be 8-64 letters or digits'),
  code: z.string().min(1, 'enter the verification code').max(16),
});

export const registerEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/user/register',
  summary: 'Self-registration at the school of TENANT-ID (a user type that allows it; captcha; rate limited)',
  tags: ['user-profile'],
  body: registerBodySchema,
  response: z.object({ userId: z.number().int(), username: z.string() }),
});
