import { z } from 'zod';
import { defineEndpoint, idSchema, pageOf } from './endpoint';
import { boundedPageQuery, dateTimeSchema } from './common';

/** Notice status: 1 published, 0 draft. Only published notices reach readers. */
export const NOTICE_STATUS = { draft: 0, published: 1 } as const;

export const noticeSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  publisherName: z.string().nullable().describe('real name of who published it'),
  publishTime: dateTimeSchema.nullable(),
  read: z.boolean().describe('the signed-in user has read it'),
});

export const noticeDetailSchema = noticeSummarySchema.extend({
  content: z.string().describe('the notice text (may contain HTML from the rich-text editor)'),
});

export const noticeUnreadCountEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/message/notice/unreadCount',
  summary: 'Number of published notices the signed-in user has not read',
  tags: ['notices'],
  response: z.number().int(),
});

export const noticeReadEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/message/notice/read',
  summary: 'Marks a published notice read for the signed-in user (idempotent; 404 for an unknown id)',
  tags: ['notices'],
  body: z.object({ id: idSchema.describe('notice id') }),
  response: z.boolean().describe('always true'),
});

export const noticePageEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/message/notice/page',
  summary: 'Published notices, newest first, each with whether the signed-in user has read it',
  tags: ['notices'],
  query: boundedPageQuery(100),
  response: pageOf(noticeSummarySchema),
});

export const noticeDetailEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/message/notice/detail',
  summary: 'One published notice with its text (does not mark it read: POST /biz/message/notice/read does)',
  tags: ['notices'],
  query: z.object({ id: idSchema.describe('notice id') }),
  response: noticeDetailSchema,
});

/** Length caps of a published notice (characters; the content counts its HTML). */
export const NOTICE_LIMITS = { title: 200, content: 100_000, audience: 200 } as const;

const audienceIds = z
  .array(idSchema)
  .max(NOTICE_LIMITS.audience, `at most ${NOTICE_LIMITS.audience}`)
  .default([]);

export const noticePublishEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/message/notice/publish',
  summary:
    'Publishes a notice (rich text, sanitised on the server) to everyone, or to the members of some departments (with their subtrees) and/or holders of some roles',
  tags: ['notices'],
  body: z.object({
    title: z
      .string()
      .trim()
      .min(1, 'required')
      .max(NOTICE_LIMITS.title, `at most ${NOTICE_LIMITS.title} characters`),
    content: z
      .string()
      .max(NOTICE_LIMITS.content, `at most ${NOTICE_LIMITS.content} characters`)
      .describe('HTML from the rich-text editor; tags and attributes outside an allowlist are removed'),
    deptIds: audienceIds.describe('departments whose members (subtrees included) see it'),
    roleIds: audienceIds.describe('roles whose holders see it; both lists empty: everyone'),
  }),
  response: z.object({ id: z.number().int() }),
});

export const noticeWithdrawEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/message/notice/withdraw',
  summary: 'Withdraws a published notice: readers no longer see it (404 for an unknown id)',
  tags: ['notices'],
  body: z.object({ id: idSchema.describe('notice id') }),
  response: z.boolean().describe('always true'),
});

/** A notice as its publishers see it (the publish page's list): every live notice, whatever its audience. */
export const noticeManageRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  publisherName: z.string().nullable(),
  publishTime: dateTimeSchema.nullable(),
  status: z.number().int().describe('1 published, 0 withdrawn (draft)'),
  depts: z.array(z.object({ id: z.number().int(), name: z.string() })).describe('audience departments'),
  roles: z.array(z.object({ id: z.number().int(), name: z.string() })).describe('audience roles'),
  readCount: z.number().int().describe('users who have read it'),
});
export type NoticeManageRow = z.infer<typeof noticeManageRowSchema>;

export const noticeManagePageEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/message/notice/managePage',
  summary: "The school's notices for their publishers (published and withdrawn, any audience), newest first",
  tags: ['notices'],
  query: boundedPageQuery(100),
  response: pageOf(noticeManageRowSchema),
});
