import {
  JOB_ADMIN_PERMISSION,
  jobPageEndpoint,
  jobRetryEndpoint,
  jobSchedulesEndpoint,
} from '@psy/contracts';
import { permission } from '../../core/http/context';
import { defineRoute, type RouteDef } from '../../core/http/register';
import { listJobs, listSchedules, retryJob } from './job-admin.service';

export const jobAdminRoutes = (): RouteDef[] =>
  [
    defineRoute({
      endpoint: jobPageEndpoint,
      access: permission(JOB_ADMIN_PERMISSION),
      handler: async ({ scope, body, req }) => listJobs(scope, req.server.jobs, body),
    }),
    defineRoute({
      endpoint: jobRetryEndpoint,
      access: permission(JOB_ADMIN_PERMISSION),
      handler: async ({ scope, body, req }) => retryJob(scope, req.server.jobs, body.id),
    }),
    defineRoute({
      endpoint: jobSchedulesEndpoint,
      access: permission(JOB_ADMIN_PERMISSION),
      handler: async ({ scope }) => listSchedules(scope),
    }),
  ] as RouteDef[];
