import { randomBytes } from 'node:crypto';
import { APPOINTMENT_TYPE_LABELS, type AppointmentType } from '@psy/contracts';
import { arrivalTime, buildCalendar, formatInZone, type CalendarEvent } from '@psy/scheduling';
import type { Database } from '../../core/db/database';
import { notFound } from '../../core/http/app-error';
import { sha256Hex } from '../../core/security/tokens';
import { getPolicy } from '../scheduling';
import {
  findAppointments,
  findFeedByHash,
  findLiveFeed,
  insertFeed,
  revokeFeeds,
} from './appointments.repository';
import type { Ctx } from './appointments.context';

/**
 * The iCalendar feed (RFC 5545) behind a revocable secret link (docs/appointments.md section 8). The token
 * is `<tenantId>.<256 random bits>`; only its SHA-256 is stored, so the link is shown once.
 */

const DAY_MS = 86_400_000;

export async function feedState(ctx: Ctx) {
  const feed = await findLiveFeed(ctx.scope, ctx.p!.userId);
  return { active: feed !== null, createTime: feed?.createdAt.toISOString() ?? null, url: null };
}

/** Makes a new link (an older one stops working at once). */
export async function createFeed(ctx: Ctx, origin: string) {
  const token = `${ctx.scope.tenantId}.${randomBytes(32).toString('base64url')}`;
  await revokeFeeds(ctx.scope, ctx.p!.userId);
  const feed = await insertFeed(ctx.scope, ctx.p!.userId, sha256Hex(token));
  return {
    active: true,
    createTime: feed.createdAt.toISOString(),
    url: `${origin}/biz/consult/calendar/ics/${token}.ics`,
  };
}

export async function revokeFeed(ctx: Ctx) {
  await revokeFeeds(ctx.scope, ctx.p!.userId);
  return { active: false, createTime: null, url: null };
}

const STATUS: Record<string, CalendarEvent['status']> = {
  appointment: 'CONFIRMED',
  running: 'CONFIRMED',
  success: 'CONFIRMED',
  complete: 'CONFIRMED',
};

/**
 * The feed text for a token: the user's appointments as counsellor and as visitor, 30 days back to 180
 * ahead. A counsellor's events do not name the visitor (phone calendars sync to cloud services).
 */
export async function calendarText(database: Database, token: string): Promise<string> {
  const raw = token.replace(/\.ics$/, '');
  const tenantId = Number(raw.slice(0, raw.indexOf('.')));
  if (!Number.isSafeInteger(tenantId) || tenantId <= 0) throw notFound('calendar');
  return database.withTenant(tenantId, async (scope) => {
    const feed = await findFeedByHash(scope, sha256Hex(raw));
    if (!feed) throw notFound('calendar');
    const policy = await getPolicy(scope);
    const now = Date.now();
    const rows = await findAppointments(
      scope,
      { participantId: feed.userId, from: new Date(now - 30 * DAY_MS), to: new Date(now + 180 * DAY_MS) },
      { limit: 2000, offset: 0, order: 'startAsc' },
    );
    const events: CalendarEvent[] = rows.map((r) => {
      const asCounsellor = r.a.counsellorId === feed.userId;
      const type = APPOINTMENT_TYPE_LABELS[r.a.type as AppointmentType]?.['zh-CN'] ?? '预约';
      return {
        uid: `appointment-${r.a.id}-${tenantId}@psy-platform`,
        start: r.a.startsAt,
        end: r.a.endsAt,
        summary: asCounsellor ? `${type}（来访者预约）` : `${type} · ${r.counsellorName}`,
        location: [r.siteName, r.roomName].filter(Boolean).join(' ') || null,
        description: asCounsellor
          ? null
          : `请于 ${formatInZone(arrivalTime(r.a.startsAt, policy), policy.timeZone)} 前到达（提前 ${policy.arriveEarlyMinutes} 分钟）。`,
        status: STATUS[r.a.status] ?? 'CANCELLED',
        sequence: r.a.version,
        stamp: r.a.updatedAt,
      };
    });
    return buildCalendar({ name: '心理咨询预约', events });
  });
}
