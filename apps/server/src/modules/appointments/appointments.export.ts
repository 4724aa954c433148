import {
  APPOINTMENT_STATUS_LABELS,
  APPOINTMENT_TYPE_LABELS,
  type AppointmentStatus,
  type AppointmentType,
  type DownloadTask,
  type Lang,
} from '@psy/contracts';
import { addDays, formatInZone } from '@psy/scheduling';
import type { Database } from '../../core/db/database';
import { createTableWriter } from '../../core/exports/table';
import type { JobHandler } from '../../core/jobs/queue';
import type { FileStorage } from '../../core/storage/file-storage';
import { canSeeSensitive, recordPersonalDataReads } from '../identity';
import { createDownloadTask, runExportTask } from '../downloads';
import { maskPhone } from '@psy/contracts';
import { dayRange, getPolicy } from '../scheduling';
import { findAppointments, type AppointmentFilter } from './appointments.repository';
import { listFilterOf } from './appointments.policy';
import type { Ctx } from './appointments.context';

/** Queue of the month exports of appointments (core/jobs). */
export const APPOINTMENT_EXPORT_QUEUE = 'appointments.export';

interface MonthPayload {
  taskId: number;
  viewerId: number;
  lang: Lang;
  masked: boolean;
  filter: Omit<AppointmentFilter, 'from' | 'to'> & { from: string; to: string };
}

/** `month/export`: a download task and its job, with the viewer's scope decided now. */
export async function startMonthExport(
  ctx: Ctx,
  body: { month: string; counsellorId?: number; siteId?: number; status?: AppointmentStatus },
): Promise<DownloadTask> {
  const p = ctx.p!;
  const policy = await getPolicy(ctx.scope);
  const first = `${body.month}-01`;
  const last = addDays(`${addDays(first, 32).slice(0, 7)}-01`, -1);
  const { from, to } = dayRange(policy, first, last);
  const base = await listFilterOf(ctx.scope, p, true);
  const task = await createDownloadTask(ctx.scope, {
    userId: p.userId,
    fileName: `appointments-${body.month}.xlsx`,
  });
  const payload: MonthPayload = {
    taskId: task.id,
    viewerId: p.userId,
    lang: ctx.lang,
    masked: !canSeeSensitive(p),
    filter: {
      ...base,
      counsellorId: body.counsellorId,
      siteId: body.siteId,
      statuses: body.status ? [body.status] : undefined,
      from: from.toISOString(),
      to: to.toISOString(),
    },
  };
  await ctx.jobs.enqueue(ctx.scope, APPOINTMENT_EXPORT_QUEUE, payload, { maxAttempts: 3 });
  return task;
}

const HEADERS: Record<Lang, string[]> = {
  'zh-CN': [
    '开始',
    '结束',
    '类型',
    '状态',
    '来访者',
    '学号',
    '联系方式',
    '院系',
    '咨询师',
    '场地',
    '咨询室',
    '爽约计数',
  ],
  'en-US': [
    'Start',
    'End',
    'Type',
    'Status',
    'Visitor',
    'Number',
    'Phone',
    'Department',
    'Counsellor',
    'Site',
    'Room',
    'Counts as no-show',
  ],
};
const BATCH = 2000;

export function createMonthExportJob(deps: {
  database: Database;
  files: FileStorage;
}): JobHandler<MonthPayload> {
  return async (job) => {
    const { taskId, viewerId, lang, masked, filter } = job.payload;
    await runExportTask(deps, job, { taskId, viewerId, lang }, async () => {
      const sheet = createTableWriter('xlsx', {
        sheetName: lang === 'en-US' ? 'Appointments' : '预约',
        headers: HEADERS[lang],
      });
      for (let offset = 0; ; offset += BATCH) {
        const { rows, zone } = await deps.database.withTenant(job.tenantId!, async (scope) => {
          const found = await findAppointments(
            scope,
            { ...filter, from: new Date(filter.from), to: new Date(filter.to) },
            { limit: BATCH, offset, order: 'startAsc' },
          );
          if (!masked) {
            await recordPersonalDataReads(
              scope,
              viewerId,
              found
                .filter((r) => r.visitorPhone)
                .map((r) => ({
                  subjectId: r.a.visitorId,
                  fields: ['phone'],
                  route: 'POST /consult/appointment/month/export',
                })),
            );
          }
          return { rows: found, zone: (await getPolicy(scope)).timeZone };
        });
        for (const r of rows) {
          sheet.addRow([
            formatInZone(r.a.startsAt, zone),
            formatInZone(r.a.endsAt, zone),
            APPOINTMENT_TYPE_LABELS[r.a.type as AppointmentType]?.[lang] ?? String(r.a.type),
            APPOINTMENT_STATUS_LABELS[r.a.status as AppointmentStatus]?.[lang] ?? r.a.status,
            r.visitorName,
            r.visitorNumber,
            masked ? maskPhone(r.visitorPhone) : r.visitorPhone,
            r.visitorDeptName,
            r.counsellorName,
            r.siteName,
            r.roomName,
            r.a.countsAsNoShow ? 1 : 0,
          ]);
        }
        if (rows.length < BATCH) break;
      }
      return sheet.finish();
    });
  };
}
