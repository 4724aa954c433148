import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { TenantScope } from '../../core/db/database';
import { usersView } from '../identity';
import type { SlotBookings } from '../scheduling';
import { appointment, HOLDS_SQL, holdsOf, waitlistOffer } from './appointments.table';

/** The bookings on scheduling's slots, for its slot views (the `slotBookings` port it defines). */

const openOfferSql = (tenantId: SQL, slotId: SQL, exceptVisitorId?: number) =>
  sql`exists (select 1 from ${waitlistOffer} o where o.tenant_id = ${tenantId} and o.slot_id = ${slotId}
    and o.status = 'open'${exceptVisitorId === undefined ? sql`` : sql` and o.visitor_id <> ${exceptVisitorId}`})`;

const holdingAppointmentsSql = (tenantId: SQL, slotId: SQL) =>
  sql`coalesce((select json_agg(json_build_object('id', a.id, 'type', a.type, 'status', a.status,
    'interviewStatus', a.interview_status, 'visitorId', a.visitor_id, 'visitorName', v.real_name) order by a.starts_at)
    from ${appointment} a join ${usersView('v')} on v.tenant_id = a.tenant_id and v.id = a.visitor_id
    where a.tenant_id = ${tenantId} and (a.slot_id = ${slotId} or a.duty_id = ${slotId})
      and a.deleted_at is null and ${holdsOf('a')}), '[]'::json)`;

async function findBookedSlotIds({ tx, tenantId }: TenantScope, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ slotId: appointment.slotId, dutyId: appointment.dutyId })
    .from(appointment)
    .where(
      and(
        eq(appointment.tenantId, tenantId),
        or(inArray(appointment.slotId, ids), inArray(appointment.dutyId, ids)),
        isNull(appointment.deletedAt),
        HOLDS_SQL,
      ),
    );
  return [
    ...new Set(
      rows.flatMap((r) => [r.slotId, r.dutyId]).filter((id): id is number => id !== null && ids.includes(id)),
    ),
  ];
}

async function findOpenOfferSlotIds({ tx, tenantId }: TenantScope, visitorId: number) {
  const rows = await tx
    .select({ slotId: waitlistOffer.slotId })
    .from(waitlistOffer)
    .where(
      and(
        eq(waitlistOffer.tenantId, tenantId),
        eq(waitlistOffer.visitorId, visitorId),
        eq(waitlistOffer.status, 'open'),
      ),
    );
  return new Set(rows.map((r) => r.slotId));
}

export const slotBookingsOfAppointments: SlotBookings = {
  openOfferSql,
  holdingAppointmentsSql,
  findBookedSlotIds,
  findOpenOfferSlotIds,
};
