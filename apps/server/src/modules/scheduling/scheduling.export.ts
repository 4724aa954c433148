import {
  APPOINTMENT_TYPE_LABELS,
  SLOT_STATUS_LABELS,
  type DownloadTask,
  type Lang,
  type SlotStatus,
} from '@psy/contracts';
import { formatInZone } from '@psy/scheduling';
import type { Database, TenantScope } from '../../core/db/database';
import { createTableWriter } from '../../core/exports/table';
import type { Principal } from '../../core/http/context';
import type { JobHandler, JobQueue } from '../../core/jobs/queue';
import type { FileStorage } from '../../core/storage/file-storage';
import { createDownloadTask, runExportTask } from '../downloads';
import { findSlots, type SlotFilter } from './scheduling.repository';
import { getPolicy } from './scheduling.service';
import { dayRange } from './slots.service';
import { P, can } from './scheduling.policy';

/** Queue of the schedule export jobs (core/jobs). */
export const SCHEDULE_EXPORT_QUEUE = 'scheduling.export';

interface SchedulePayload {
  taskId: number;
  viewerId: number;
  lang: Lang;
  filter: {
    counsellorId?: number;
    siteId?: number;
    roomId?: number;
    kind?: string;
    category?: number;
    status?: number;
  };
  from: string;
  to: string;
}

/** `scheduleExport`: a download task and the job that writes the XLSX, both in the request's transaction. */
export async function startScheduleExport(
  scope: TenantScope,
  p: Principal,
  jobs: JobQueue,
  lang: Lang,
  body: SlotFilter & { startDate: string; endDate: string },
): Promise<DownloadTask> {
  const policy = await getPolicy(scope);
  const { from, to } = dayRange(policy, body.startDate, body.endDate);
  const counsellorId = can(p, P.scheduleView) ? body.counsellorId : p.userId;
  const task = await createDownloadTask(scope, {
    userId: p.userId,
    fileName: `schedule-${body.startDate}-${body.endDate}.xlsx`,
  });
  const payload: SchedulePayload = {
    taskId: task.id,
    viewerId: p.userId,
    lang,
    filter: {
      counsellorId,
      siteId: body.siteId,
      roomId: body.roomId,
      kind: body.kind,
      category: body.category,
      status: body.status,
    },
    from: from.toISOString(),
    to: to.toISOString(),
  };
  await jobs.enqueue(scope, SCHEDULE_EXPORT_QUEUE, payload, { maxAttempts: 3 });
  return task;
}

const HEADERS: Record<Lang, string[]> = {
  'zh-CN': ['日期时间', '结束', '咨询师', '场地', '咨询室', '类型', '类别', '状态', '来访者'],
  'en-US': ['Start', 'End', 'Counsellor', 'Site', 'Room', 'Kind', 'Category', 'Status', 'Visitors'],
};
const KIND: Record<Lang, Record<string, string>> = {
  'zh-CN': { consult: '咨询时段', telephone: '电话值班', manned: '现场值班' },
  'en-US': { consult: 'Slot', telephone: 'Telephone duty', manned: 'On-site duty' },
};
const BATCH = 2000;

export function createScheduleExportJob(deps: {
  database: Database;
  files: FileStorage;
}): JobHandler<SchedulePayload> {
  return async (job) => {
    const { taskId, viewerId, lang, filter, from, to } = job.payload;
    await runExportTask(deps, job, { taskId, viewerId, lang }, async () => {
      const sheet = createTableWriter('xlsx', {
        sheetName: lang === 'en-US' ? 'Schedule' : '排班',
        headers: HEADERS[lang],
      });
      for (let offset = 0; ; offset += BATCH) {
        const { rows, zone } = await deps.database.withTenant(job.tenantId!, async (scope) => ({
          rows: await findSlots(
            scope,
            { ...filter, from: new Date(from), to: new Date(to) },
            { withAppointments: true, limit: BATCH, offset },
          ),
          zone: (await getPolicy(scope)).timeZone,
        }));
        for (const r of rows) {
          sheet.addRow([
            formatInZone(r.startsAt, zone),
            formatInZone(r.endsAt, zone),
            r.counsellorName,
            r.siteName,
            r.roomName,
            KIND[lang][r.kind] ?? r.kind,
            (APPOINTMENT_TYPE_LABELS as Record<number, Record<Lang, string>>)[r.category]?.[lang] ??
              String(r.category),
            r.status !== null ? SLOT_STATUS_LABELS[r.status as SlotStatus][lang] : (r.dutyStatus ?? ''),
            (r.appointments as { visitorName: string }[]).map((a) => a.visitorName).join(', '),
          ]);
        }
        if (rows.length < BATCH) break;
      }
      return sheet.finish();
    });
  };
}
