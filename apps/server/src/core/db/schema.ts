/** Every table of the database, for drizzle-kit and the typed client. */
export * from '../../modules/tenants/tenants.table';
export * from '../../modules/identity/identity.table';
export * from '../../modules/identity/roles.table';
export * from '../../modules/products/products.table';
export * from '../../modules/settings/settings.table';
export * from '../../modules/auth/auth.table';
export * from '../jobs/jobs.table';
export * from '../../modules/messages/messages.table';
export * from '../../modules/messages/message-templates.table';
export * from '../../modules/messages/message-stream.table';
export * from '../../modules/notices/notices.table';
export * from '../../modules/downloads/downloads.table';
export * from '../../modules/client-logs/client-logs.table';
export * from '../../modules/agreements/agreements.table';
export * from '../../modules/signatures/signatures.table';
export * from '../../modules/webauthn/webauthn.table';
export * from '../../modules/user-profile/user-profile.table';
