import { tenantQueryKeys } from '../../../shared/admin/query-keys';

/** Every query of case work; a change invalidates them all, and the appointments' (a record completes one). */
export const caseKeys = tenantQueryKeys('cases');
// The appointments feature's root key, named rather than imported: its index brings the booking panel.
export const TOUCHED = [caseKeys.all, (tenantId: number) => ['appointments', tenantId] as const];
