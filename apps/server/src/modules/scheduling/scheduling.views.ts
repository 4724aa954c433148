import { QueryBuilder } from 'drizzle-orm/pg-core';
import { scheduleSlot } from './scheduling.table';

/*
 * Scheduling's read view for other modules' queries (docs/modules.md "Reading another module's data"):
 * appointments lists waiting-list offers with the slot's time, counsellor and site in one statement. A
 * subquery of plain columns, flattened by PostgreSQL into the caller's statement; row-level security
 * applies as the caller. Slots change through scheduling's functions.
 */

const qb = new QueryBuilder();

/** Slots and duty shifts: who, where, when, what kind, their state. */
export const slotsView = (alias: string) =>
  qb
    .select({
      tenantId: scheduleSlot.tenantId,
      id: scheduleSlot.id,
      counsellorId: scheduleSlot.counsellorId,
      siteId: scheduleSlot.siteId,
      roomId: scheduleSlot.roomId,
      kind: scheduleSlot.kind,
      category: scheduleSlot.category,
      startsAt: scheduleSlot.startsAt,
      endsAt: scheduleSlot.endsAt,
      status: scheduleSlot.status,
      dutyStatus: scheduleSlot.dutyStatus,
      deletedAt: scheduleSlot.deletedAt,
    })
    .from(scheduleSlot)
    .as(alias);
