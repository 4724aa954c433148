import { z } from 'zod';
import { appointmentSchema } from './appointments.contract';
import { boundedPageQuery, dateTimeSchema } from './common';
import { defineEndpoint, pageOf } from './endpoint';

/**
 * Calls of two screens loaded on demand: the approver picker of the booking rules and a counsellor's own
 * video sessions (docs/appointments.md). A module of their own so that the contract chunk every
 * appointment and case page loads does not carry them (route size budgets); paths served under `/biz`.
 */

export const approverCandidateSchema = z.object({
  id: z.number().int(),
  realName: z.string(),
  deptName: z.string().nullable(),
  holdsApprove: z.boolean().describe('false: named in the rules without holding consult_approve'),
});
export type ApproverCandidate = z.infer<typeof approverCandidateSchema>;
export const approverCandidatesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/schedule/approverCandidates',
  summary: 'Who may be named an approver: holders of consult_approve, and those already named',
  tags: ['scheduling'],
  response: z.array(approverCandidateSchema),
});

export const VIDEO_SESSION_STATES = ['scheduled', 'inCall', 'held', 'notHeld'] as const;
export type VideoSessionState = (typeof VIDEO_SESSION_STATES)[number];
export const videoSessionSchema = z.object({
  appointment: appointmentSchema,
  state: z.enum(VIDEO_SESSION_STATES).describe('booked, call running, held, or not held'),
  video: z
    .object({ id: z.number().int(), startedAt: dateTimeSchema, endedAt: dateTimeSchema.nullable() })
    .nullable(),
});
export type VideoSession = z.infer<typeof videoSessionSchema>;
export const myVideoSessionsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/mine/videoList',
  summary: 'Video sessions the caller holds as counsellor',
  tags: ['appointments'],
  body: boundedPageQuery(100).extend({ when: z.enum(['upcoming', 'past']).default('upcoming') }),
  response: pageOf(videoSessionSchema),
});
