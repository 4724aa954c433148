import type { FastifyInstance } from 'fastify';
import type { Access } from './context';

/** A route that does not say who may call it is a bug: registering one throws, so the server does not start. */
export function enforceAccessRules(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const access = (route.config as { access?: Access } | undefined)?.access;
    if (!access) throw new Error(`route ${route.method} ${route.url} declares no access rule`);
  });
}
