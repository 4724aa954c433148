import type { Database } from '../../core/db/database';
import type { RequestGate } from '../../core/http/gate';
import { buildPrincipal, loadPrincipalData } from '../identity';
import { admitRequest } from './auth.repository';

/** The auth module's side of the HTTP core: replay check, token lookup, principal loading. */
export function createRequestGate(database: Database): RequestGate {
  return {
    admit: (requestId, tokenHash) => admitRequest(database.system, requestId, tokenHash),
    async loadPrincipal(scope, token, requestedRoleId) {
      const data = await loadPrincipalData(scope, token.userId);
      if (!data || data.status !== 'active') return null;
      return buildPrincipal(data, token, requestedRoleId);
    },
  };
}
