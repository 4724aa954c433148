import { sql } from 'drizzle-orm';
import { bigint, pgPolicy, timestamp } from 'drizzle-orm/pg-core';

/**
 * The tenant of the current transaction, as set by `withTenant`. An unset tenant is NULL and so
 * matches no row: forgetting to set it hides everything rather than showing everything.
 */
export const currentTenant = sql`nullif(current_setting('app.tenant_id', true), '')::bigint`;

export const tenantIdColumn = () => bigint('tenant_id', { mode: 'number' }).notNull();
export const idColumn = () => bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Row-level security policy of every tenant-owned table. */
export const tenantIsolation = () =>
  pgPolicy('tenant_isolation', {
    as: 'permissive',
    for: 'all',
    using: sql`tenant_id = ${currentTenant}`,
    withCheck: sql`tenant_id = ${currentTenant}`,
  });
