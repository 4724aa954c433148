import { QueryBuilder } from 'drizzle-orm/pg-core';
import { site, siteRoom } from './settings.table';

/*
 * Settings' read views for other modules' queries (docs/modules.md "Reading another module's data"):
 * the school's sites and rooms, which scheduling and appointments list beside their slots and bookings
 * in one statement. Subqueries of plain columns, flattened by PostgreSQL into the caller's statement;
 * row-level security applies as the caller. Writes go through settings' routes.
 */

const qb = new QueryBuilder();

/** Sites: name, contact, order, switch, removal. */
export const sitesView = (alias: string) =>
  qb
    .select({
      tenantId: site.tenantId,
      id: site.id,
      name: site.name,
      address: site.address,
      phone: site.phone,
      description: site.description,
      sort: site.sort,
      enabled: site.enabled,
      deletedAt: site.deletedAt,
    })
    .from(site)
    .as(alias);

/** Rooms of the sites. */
export const siteRoomsView = (alias: string) =>
  qb
    .select({
      tenantId: siteRoom.tenantId,
      id: siteRoom.id,
      siteId: siteRoom.siteId,
      name: siteRoom.name,
      capacity: siteRoom.capacity,
      sort: siteRoom.sort,
      enabled: siteRoom.enabled,
      deletedAt: siteRoom.deletedAt,
    })
    .from(siteRoom)
    .as(alias);
