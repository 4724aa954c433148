import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Endpoint, Lang, MessageEventKey } from '@psy/contracts';
import type { OptionListPath } from '@psy/forms';
import type { Env } from '../env';
import type { CatalogContribution, ProductSeed, RoleSeed, MenuSeed } from './catalog';
import type { Database, TenantScope, Tx } from './db/database';
import { registerTableAccess } from './db/app-role';
import { events, type Subscription } from './events';
import type { SignedInRouteContext, SignedInAccess } from './http/context';
import type { RequestGate } from './http/gate';
import type { In, RouteDef } from './http/register';
import type { JobHandler, JobKindOptions, JobQueue, JobRecord, ScheduleDef } from './jobs/queue';
import type { SmsSender } from './sms/sms-sender';
import type { FileStorage } from './storage/file-storage';

/*
 * A module plugs into the server through one manifest, exported from its index.ts. The app, the
 * database schema, the app role's grants, the seed, the job worker, the form engine's option lists and
 * the download list's exports are assembled from the ordered list in modules/index.ts. This file names
 * what a manifest may carry; it imports no module (docs/modules.md).
 */

/** Platform modules serve every business area; business modules build on them, never the reverse. */
export type ModuleLayer = 'platform' | 'business';

/** What every module's routes, jobs and hooks are built from: the app's shared parts. */
export interface ModuleDeps {
  env: Env;
  database: Database;
  jobs: JobQueue;
  files: FileStorage;
  sms: SmsSender;
  log: FastifyBaseLogger;
  /** Replaces the captcha drawing (tests pass a known answer); the auth module's default otherwise. */
  captcha?: () => { text: string; svg: string };
}

/** Options of `JobQueue.register`, passed on as they are (final-failure hook, whether retryable...). */
// The final-failure hook takes the handler's payload type, which the queue stores as JSON.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JobOptions = JobKindOptions<any>;

/** A queue the module works, and how. */
export interface JobRegistration {
  /** `<module>.<what>`; a queue has one handler. */
  queue: string;
  // The payload type is the handler's own business: the queue stores JSON.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  handler: JobHandler<any>;
  options?: JobOptions;
}

/** The app role's access to the module's tables, beyond the default read and write under RLS. */
export interface TableAccess {
  /** Only the system context touches them (tokens, captchas): the app role gets no grant at all. */
  systemOnly?: readonly string[];
  /** Shared catalogues the app role may read, never write. */
  readOnly?: readonly string[];
  /** Records never rewritten: the app role may insert and read, not update or delete. */
  appendOnly?: readonly string[];
}

/** Input of an option-list loader of the form engine (docs/forms.md "Option lists by path"). */
export interface OptionListInput {
  tenantId: number;
  lang: Lang;
  params: Record<string, string>;
}
export type OptionListLoader = (
  scope: TenantScope,
  input: OptionListInput,
) => Promise<readonly { value: string | number; label: string }[] | readonly unknown[]>;

/** What every export job's payload carries (the download list finishes the task with it). */
export interface ExportPayload {
  taskId: number;
  viewerId: number;
  lang: Lang;
}

/**
 * An export the download list (modules/downloads) serves: its endpoint records a download task and
 * queues the job in the request's transaction, and answers the task ('the file is generating'); the
 * job writes the file with `produce`, and the download list stores it, completes the task and tells
 * the user, or fails the task on the job's last attempt.
 */
export interface ExportKind<E extends Endpoint = Endpoint, P extends ExportPayload = ExportPayload> {
  endpoint: E;
  access: SignedInAccess;
  /** Queue of the export's jobs; named `<module>.<what>`. Kept when renamed code would orphan queued jobs. */
  queue: string;
  jobOptions?: JobOptions;
  /** Attempts of the job before the task fails (default 3). */
  maxAttempts?: number;
  /** The file's name and the job's payload from the request, in its transaction; may refuse. */
  prepare(
    ctx: SignedInRouteContext<In<E['query']>, In<E['body']>, In<E['params']>>,
  ): Promise<{ fileName: string; payload: Omit<P, 'taskId'> }>;
  /** Writes the file; runs in the job, outside any transaction. */
  produce(deps: ModuleDeps, job: JobRecord<P>): Promise<Uint8Array>;
}

/** An export kind with its endpoint's types checked (like `defineRoute`). */
export const defineExport = <E extends Endpoint, P extends ExportPayload>(
  kind: ExportKind<E, P>,
): ExportKind => kind as unknown as ExportKind;

/** What a new school is created with (seed/school.ts `seedSchool`). */
export interface SchoolSeed {
  code: string;
  name: string;
  systemTitle?: string;
  themeColor?: string;
  /** Department tree below the root 'organisation' node: name -> children. */
  depts?: DeptSeed[];
  users: UserSeed[];
  settings?: { type: string; enable: boolean; value?: Record<string, unknown> }[];
}

export interface DeptSeed {
  name: string;
  children?: DeptSeed[];
}

export interface UserSeed {
  username: string;
  password: string;
  realName: string;
  roles: string[];
  phone?: string;
  numberName?: string;
  sex?: number;
  birthday?: string;
  /** Name of the department (from `depts`). */
  dept?: string;
  mustChangePassword?: boolean;
}

/** The seed catalogue, assembled from seed/catalog.ts and the manifests' contributions. */
export interface Catalog {
  products: readonly ProductSeed[];
  menus: Readonly<Record<string, MenuSeed[]>>;
  roles: readonly RoleSeed[];
}

/**
 * What a module's per-school seed works with: the seeding transaction (system context, one for the
 * whole school), the school's input, the catalogue, and the ids earlier modules recorded (a later
 * module reads them; the module that creates a kind of row records it).
 */
export interface SchoolSeedContext {
  tx: Tx;
  tenantId: number;
  school: SchoolSeed;
  catalog: Catalog;
  ids: {
    roles: Record<string, number>;
    depts: Record<string, number>;
    users: Record<string, number>;
  };
}

export interface ModuleManifest {
  /** The module's folder name under modules/. */
  name: string;
  layer: ModuleLayer;
  routes?(deps: ModuleDeps): RouteDef[];
  jobs?(deps: ModuleDeps): JobRegistration[];
  /**
   * Recurring jobs of the module's queues (core/jobs `JobQueue.schedule`): each occurrence runs once
   * across all processes, and one missed while every process was down runs once.
   */
  schedules?: readonly ScheduleDef[];
  tables?: TableAccess;
  catalog?: CatalogContribution;
  /** Loaders of the form engine's list paths the module owns (docs/forms.md). */
  optionLists?: Partial<Record<OptionListPath, OptionListLoader>>;
  /** Message events the module sends (their default texts: MESSAGE_EVENTS in the contracts). */
  messageEvents?: readonly MessageEventKey[];
  exports?: readonly ExportKind[];
  /** Subscriptions to other modules' events; handlers run in the emitter's transaction. */
  events?: readonly Subscription[];
  /** Functions this module provides to a lower module's port. */
  provides?: readonly Provision[];
  /** The HTTP core's gate (token, principal); exactly one module provides it. */
  requestGate?(deps: ModuleDeps): RequestGate;
  /** The module's rows of a new school, in the seeding transaction, in module-list order. */
  seedSchool?(ctx: SchoolSeedContext): Promise<void>;
  /**
   * Gives a school created before the module (or a new default of it) what `seedSchool` would have:
   * run for every school at server start, so it must be idempotent and must not bring back what an
   * administrator removed (insert only what the school has none of). `catalog` is the seed catalogue
   * `seedSchool` gets, for modules whose defaults are the catalogue's (the products' menus).
   */
  backfillSchool?(scope: TenantScope, catalog: Catalog): Promise<void>;
  /** What is not a contract route: server-sent streams and their hooks on the Fastify app. */
  server?(app: FastifyInstance, deps: ModuleDeps): void;
  /** Work that runs while the server is up (timers); answers how to stop it. */
  start?(deps: ModuleDeps): (() => void) | void;
}

/** Contributions collected across the manifests, for the modules that serve them. */
export interface ModuleRegistry {
  /** One object, filled in place by `wireModules` (the form engine keeps a reference to it). */
  readonly optionLists: Partial<Record<OptionListPath, OptionListLoader>>;
  readonly exports: ExportKind[];
  /** Every declared message event, in the contracts' order. */
  readonly messageEvents: MessageEventKey[];
}

const registry: ModuleRegistry = { optionLists: {}, exports: [], messageEvents: [] };
let wired: readonly ModuleManifest[] | null = null;

/** The manifests' contributions; throws before the module list is wired (a wiring mistake, not a state). */
export function moduleRegistry(): ModuleRegistry {
  if (!wired) throw new Error('modules not wired: import modules/index.ts first');
  return registry;
}

/** The registry's option lists, filled once the module list is wired (for the form engine). */
export const optionListRegistry = registry.optionLists;

/**
 * A function a lower module needs from a higher one, which it may not import (the layers point one
 * way): the lower module defines the port and calls it; the higher module's manifest provides it.
 */
export interface Port<T> {
  readonly name: string;
  /** The provided function; throws when no manifest provides it. */
  get(): T;
  /** The provided function, or undefined: for a port whose owner has a default without a provider. */
  find(): T | undefined;
}

interface SettablePort<T> extends Port<T> {
  set(value: T): void;
}

export const definePort = <T>(name: string): Port<T> => {
  let value: T | undefined;
  const port: SettablePort<T> = {
    name,
    get() {
      if (value === undefined) throw new Error(`port ${name}: no module provides it`);
      return value;
    },
    find() {
      return value;
    },
    set(v) {
      if (value !== undefined && value !== v) throw new Error(`port ${name}: provided twice`);
      value = v;
    },
  };
  return port;
};

export interface Provision {
  readonly port: Port<unknown>;
  readonly value: unknown;
}

/** Provides `value` to `port` (for a manifest's `provides`). */
export const provide = <T>(port: Port<T>, value: T): Provision => ({ port: port as Port<unknown>, value });

/**
 * Hands the module list to the parts of the core that serve it, once per process (modules/index.ts
 * calls it as the list loads, so the seed, the app and the tests all see the same wiring): the app
 * role's table grants, the event subscriptions, the ports, and the registry of contributions. Refuses
 * two owners of one list path, export queue, export endpoint or message event.
 */
export function wireModules(
  modules: readonly ModuleManifest[],
  messageEventOrder: readonly MessageEventKey[],
): void {
  if (wired) {
    if (wired !== modules) throw new Error('a second module list');
    return;
  }
  const seen = new Set<string>();
  const once = (what: string) => {
    if (seen.has(what)) throw new Error(`two modules declare ${what}`);
    seen.add(what);
  };
  const messageEvents = new Set<MessageEventKey>();
  for (const m of modules) {
    once(`the module ${m.name}`);
    for (const [path, loader] of Object.entries(m.optionLists ?? {}) as [
      OptionListPath,
      OptionListLoader,
    ][]) {
      once(`the option list ${path}`);
      registry.optionLists[path] = loader;
    }
    for (const k of m.exports ?? []) {
      once(`the queue ${k.queue}`);
      once(`the endpoint ${k.endpoint.method} ${k.endpoint.path}`);
      registry.exports.push(k);
    }
    for (const e of m.messageEvents ?? []) {
      once(`the message event ${e}`);
      messageEvents.add(e);
    }
    for (const p of m.provides ?? []) (p.port as SettablePort<unknown>).set(p.value);
    events.subscribe(m.events ?? []);
  }
  registry.messageEvents.push(...messageEventOrder.filter((e) => messageEvents.has(e)));
  registerTableAccess({
    systemOnly: modules.flatMap((m) => m.tables?.systemOnly ?? []),
    readOnly: modules.flatMap((m) => m.tables?.readOnly ?? []),
    appendOnly: modules.flatMap((m) => m.tables?.appendOnly ?? []),
  });
  wired = modules;
}
