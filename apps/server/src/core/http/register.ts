import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  HEADER,
  REPLAYED_REQUEST,
  REQUEST_ID_PATTERN,
  SIGNATURE_MAX_SKEW_MS,
  PUBLIC_SIGNING_KEY,
  UNSIGNED_PAYLOAD,
  canonicalRequest,
  safeEqualHex,
  type Endpoint,
  type Lang,
} from '@psy/contracts';
import { createHmac } from 'node:crypto';
import { AppError } from './app-error';
import { sha256Hex } from '../security/tokens';
import type { Access, AppServices, ContextFor, Principal, TenantMode } from './context';
import type { RequestGate, TokenRecord } from './gate';
import type { TenantScope } from '../db/database';

/** What a contract's query, body or params schema gives a handler once parsed. */
export type In<S> = [NonNullable<S>] extends [z.ZodType] ? z.output<NonNullable<S>> : undefined;

export interface RouteDef<
  E extends Endpoint = Endpoint,
  A extends Access = Access,
  T extends TenantMode = TenantMode,
> {
  endpoint: E;
  access: A;
  /** See `TenantMode`; defaults to `transaction` for signed-in routes and `none` for public ones. */
  tenant?: T;
  /** Signed by default; unsigned only for calls a browser makes without script (an `<img src>`). */
  signed?: boolean;
  /** Largest request body in bytes, when a route takes more than the app's default (uploads). */
  bodyLimit?: number;
  /**
   * The route also serves a signed-in user whose account is disabled or has no role (logout, so the
   * client can still end the session); every other signed-in route refuses them (body codes 3 and 20).
   */
  allowBlockedUser?: boolean;
  /**
   * The route also serves a signed-in user who must still change the initial (or an administrator-set)
   * password: the password change, logout, the user's own info and roles, and the role choice. Every other
   * signed-in route refuses them (`passwordChangeRequired`), so an account whose password someone else
   * knows (an imported or reset one) reaches nothing until its owner has chosen a password (spec S0.4.1).
   */
  allowPasswordChangePending?: boolean;
  /**
   * System-context work around the tenant transaction, which cannot use the system handle: records that
   * must outlive a refusal (the transaction rolls back when the handler throws), such as failure
   * counters, and state to load before it. `before` runs once the token and input are accepted and may
   * refuse; `after` runs when the transaction has ended, with the handler's error or null.
   */
  outsideTransaction?: {
    /** Also given the request, whose body is parsed but not yet validated (that needs the access check). */
    before?(token: TokenRecord, req: FastifyRequest): Promise<void>;
    after?(token: TokenRecord, error: unknown): Promise<void>;
  };
  handler: (
    ctx: ContextFor<A, T, In<E['query']>, In<E['body']>, In<E['params']>>,
  ) => Promise<E['response'] extends z.ZodType ? z.input<E['response']> : unknown>;
}

/**
 * A route from its contract. The access rule types the handler's context: a signed-in route gets a
 * principal and tenant scope that are never null (the registrar refuses the call before the handler
 * otherwise), so route files need no `!`.
 */
export const defineRoute = <E extends Endpoint, A extends Access, T extends TenantMode = 'none'>(
  def: RouteDef<E, A, T>,
): RouteDef => def as unknown as RouteDef;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

export function langOf(req: FastifyRequest): Lang {
  const h = req.headers['accept-language'];
  return typeof h === 'string' && h.toLowerCase().startsWith('en') ? 'en-US' : 'zh-CN';
}

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function bearerOf(req: FastifyRequest): string | null {
  const h = header(req, HEADER.authorization);
  if (!h) return null;
  const m = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/i.exec(h.trim());
  if (!m) throw new AppError('unauthenticated', 'authorization: malformed bearer token');
  return m[1]!;
}

function positiveIntHeader(req: FastifyRequest, name: string): number | null {
  const raw = header(req, name);
  if (raw === undefined || raw === '') return null;
  if (!/^\d{1,15}$/.test(raw) || Number(raw) <= 0)
    throw new AppError('badRequest', `${name}: must be a positive integer`);
  return Number(raw);
}

/** A field's path as a client names it: `phone`, `items[2].name`, `[0].message` for an array body. */
function fieldPath(path: readonly PropertyKey[]): string {
  return path
    .map((k, i) => (typeof k === 'number' ? `[${k}]` : i === 0 ? String(k) : `.${String(k)}`))
    .join('');
}

/**
 * The path of the first string holding U+0000, which PostgreSQL text cannot store: refused here for every
 * route at once, rather than failing as a 500 in whichever statement meets it.
 */
function findNulCharacter(value: unknown, path: PropertyKey[]): PropertyKey[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = findNulCharacter(value[i], [...path, i]);
      if (found) return found;
    }
  } else if (value && typeof value === 'object' && !(value instanceof Date)) {
    for (const [key, item] of Object.entries(value)) {
      const found = findNulCharacter(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/** zod's own messages ("Invalid input: expected string") in zh-CN; a schema's messages are localised by the error handler. */
const ZOD_ZH_CN = z.locales.zhCN().localeError;

function parseInput<S extends z.ZodType | undefined>(
  schema: S,
  value: unknown,
  part: string,
  lang: Lang,
): In<S> {
  if (!schema) return undefined as In<S>;
  const r = schema.safeParse(value ?? {}, lang === 'zh-CN' ? { error: ZOD_ZH_CN } : undefined);
  if (r.success) {
    const nul = findNulCharacter(r.data, []);
    if (nul) {
      const field = nul.length ? fieldPath(nul) : part;
      const message = 'must not contain NUL characters';
      throw new AppError('badRequest', `${field}: ${message}`, { fields: [{ field, message }] });
    }
    return r.data as In<S>;
  }
  const fields = r.error.issues.map((i) => ({
    field: i.path.length ? fieldPath(i.path) : part,
    message: i.message,
  }));
  const first = fields[0]!;
  throw new AppError('badRequest', `${first.field}: ${first.message}`, { fields });
}

function verifySignature(req: FastifyRequest, tokenHash: string | null): string {
  const timestamp = header(req, HEADER.timestamp);
  const requestId = header(req, HEADER.requestId);
  const sign = header(req, HEADER.sign);
  if (!timestamp || !requestId || !sign) {
    throw new AppError('unauthenticated', 'request signature missing (x-timestamp, x-request-id, x-sign)');
  }
  if (!/^\d{10,16}$/.test(timestamp) || Math.abs(Date.now() - Number(timestamp)) > SIGNATURE_MAX_SKEW_MS) {
    throw new AppError(
      'unauthenticated',
      'request signature expired: x-timestamp is too far from the server clock',
    );
  }
  if (!REQUEST_ID_PATTERN.test(requestId))
    throw new AppError('unauthenticated', 'x-request-id: must be 16-64 letters or digits');
  const isMultipart = (req.headers['content-type'] ?? '').startsWith('multipart/');
  const bodyHash = isMultipart ? UNSIGNED_PAYLOAD : sha256Hex(req.rawBody ?? Buffer.alloc(0));
  const canonical = canonicalRequest({
    method: req.method,
    pathWithQuery: req.url,
    timestamp,
    requestId,
    bodyHash,
  });
  const expected = createHmac('sha256', tokenHash ?? PUBLIC_SIGNING_KEY)
    .update(canonical)
    .digest('hex');
  if (!safeEqualHex(expected, sign.toLowerCase()))
    throw new AppError('unauthenticated', 'request signature invalid');
  return requestId;
}

function checkAccess(route: RouteDef, principal: Principal | null): void {
  const { access } = route;
  if (access.kind === 'public') return;
  if (!principal) throw new AppError('unauthenticated');
  // Until the initial (or admin-reset) password is changed, only the routes that declare they serve such
  // a user answer: an allow-list, so a route added later is closed to them unless it says otherwise.
  if (principal.mustChangePassword && route.allowPasswordChangePending !== true) {
    throw new AppError('passwordChangeRequired');
  }
  if (access.kind === 'permission' && !access.anyOf.some((p) => principal.permissions.has(p))) {
    throw new AppError('forbidden');
  }
}

export interface RegisterOptions {
  services: AppServices;
  gate: RequestGate;
  signatureRequired: boolean;
}

/** Registers routes from their contracts: signature, authentication, tenant, access, validation, envelope. */
export function registerRoutes(app: FastifyInstance, routes: RouteDef[], opts: RegisterOptions): void {
  const { services, gate } = opts;
  for (const route of routes) {
    const { endpoint, access } = route;
    const tenantMode = route.tenant ?? (access.kind === 'public' ? 'none' : 'transaction');
    const signed = route.signed ?? true;
    const url = endpoint.path;
    app.route({
      method: endpoint.method,
      url,
      config: { access },
      ...(route.bodyLimit ? { bodyLimit: route.bodyLimit } : {}),
      handler: async (req: FastifyRequest, reply: FastifyReply) => {
        const bearer = bearerOf(req);
        const tokenHash = bearer ? sha256Hex(bearer) : null;
        const requestId = signed && opts.signatureRequired ? verifySignature(req, tokenHash) : null;

        // A signed-in route without a live token is refused before anything else is looked at.
        if (!tokenHash && access.kind !== 'public') throw new AppError('unauthenticated');
        let token: TokenRecord | null = null;
        if (requestId || tokenHash) {
          const admitted = await gate.admit(requestId, tokenHash);
          // 409, not 401 (REPLAYED_REQUEST): a browser's own resend must not end the session.
          if (!admitted.fresh)
            throw new AppError(REPLAYED_REQUEST.key, REPLAYED_REQUEST.message, REPLAYED_REQUEST.data);
          token = admitted.token;
          if (!token && access.kind !== 'public') throw new AppError('unauthenticated');
        }

        const headerTenant = positiveIntHeader(req, HEADER.tenantId);
        if (token && headerTenant !== null && headerTenant !== token.tenantId) {
          throw new AppError('unauthenticated', 'tenant-id: does not match the token');
        }
        const tenantId = token?.tenantId ?? headerTenant;
        if (tenantMode !== 'none' && tenantId === null)
          throw new AppError('badRequest', 'tenant-id: header is required');

        const requestedRoleId = positiveIntHeader(req, HEADER.roleId);

        const run = async (scope: TenantScope | null) => {
          let principal: Principal | null = null;
          if (token && scope) {
            principal = await gate.loadPrincipal(scope, token, requestedRoleId, {
              allowBlocked: route.allowBlockedUser === true || access.kind === 'public',
            });
            if (!principal && access.kind !== 'public') throw new AppError('unauthenticated');
          }
          checkAccess(route, principal);
          // Input is looked at only for a caller who may make the call: others learn nothing of its shape.
          const lang = langOf(req);
          const query = parseInput(endpoint.query, req.query, 'query', lang);
          const body = parseInput(endpoint.body, req.body, 'body', lang);
          const params = parseInput(endpoint.params, req.params, 'params', lang);
          const ctx = {
            req,
            reply,
            query,
            body,
            params,
            lang,
            ip: req.ip,
            tenantId,
            principal,
            scope,
          } as ContextFor<Access, TenantMode, never, never, never>;
          return route.handler(ctx);
        };

        const hooks = token ? route.outsideTransaction : undefined;
        if (hooks?.before) await hooks.before(token!, req);
        let data: unknown;
        try {
          data =
            tenantMode === 'transaction' || (token && access.kind !== 'public')
              ? await services.database.withTenant(tenantId!, run)
              : await run(null);
        } catch (err) {
          if (hooks?.after) await hooks.after(token!, err);
          throw err;
        }
        if (hooks?.after) await hooks.after(token!, null);

        if (reply.sent) return reply;
        if (endpoint.response === null) return reply;
        const out = endpoint.response.safeParse(data);
        if (!out.success) {
          req.log.error({ issues: out.error.issues, url }, 'response does not match its contract');
          throw new Error(`response of ${endpoint.method} ${url} does not match its contract`);
        }
        return { code: 0, msg: 'success', data: out.data };
      },
    });
  }
}
