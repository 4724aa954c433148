/** Every table of the database, for drizzle-kit and the typed client. */
export * from '../../modules/tenants/tenants.table';
export * from '../../modules/identity/identity.table';
export * from '../../modules/products/products.table';
export * from '../../modules/settings/settings.table';
export * from '../../modules/auth/auth.table';
export * from '../jobs/jobs.table';
