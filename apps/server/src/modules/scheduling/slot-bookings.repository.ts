import type { SQL } from 'drizzle-orm';
import type { TenantScope } from '../../core/db/database';
import { definePort } from '../../core/module';

/**
 * What the slot views need from the bookings on them. Bookings are appointments' (a module above
 * scheduling, which scheduling may not import), so appointments provides them here, the conditions as
 * SQL: a slot list, a claim and a day count stay one statement each, as they were when they named
 * appointments' tables (docs/modules.md "Ports").
 */
export interface SlotBookings {
  /** `exists (...)`: an open waiting-list offer for the slot, not counting those to `exceptVisitorId`. */
  openOfferSql(tenantId: SQL, slotId: SQL, exceptVisitorId?: number): SQL;
  /** JSON array of the appointments holding the slot or duty shift (id, type, statuses, visitor). */
  holdingAppointmentsSql(tenantId: SQL, slotId: SQL): SQL;
  /** Ids among `ids` of slots or duty shifts holding a live appointment. */
  findBookedSlotIds(scope: TenantScope, ids: number[]): Promise<number[]>;
  /** Slots with an open offer to the visitor. */
  findOpenOfferSlotIds(scope: TenantScope, visitorId: number): Promise<Set<number>>;
}

export const slotBookings = definePort<SlotBookings>('scheduling.slot-bookings');
