import type { Database } from '../../core/db/database';
import { AppError } from '../../core/http/app-error';
import type { RequestGate } from '../../core/http/gate';
import { buildPrincipal, loadPrincipalData } from '../identity';
import { admitRequest } from './auth.repository';

/** The auth module's side of the HTTP core: replay check, token lookup, principal loading. */
export function createRequestGate(database: Database): RequestGate {
  return {
    admit: (requestId, tokenHash) => admitRequest(database.system, requestId, tokenHash),
    async loadPrincipal(scope, token, requestedRoleId, { allowBlocked }) {
      const data = await loadPrincipalData(scope, token.userId);
      if (!data) return null;
      // Spec S0.8.2: body codes 3 and 20 make the client show the message and log out.
      if (!allowBlocked && data.status !== 'active') throw new AppError('accountDisabled');
      if (!allowBlocked && data.roles.length === 0) throw new AppError('noRole');
      return buildPrincipal(data, token, requestedRoleId);
    },
  };
}
