import type { TenantScope } from './db/database';

/**
 * A typed event: something that happened in the module that defines it, which modules above it may
 * act on. The definer exports the event from its index.ts; a module that reacts imports it from there
 * and subscribes in its manifest, so the import points from the reacting module to the emitting one
 * and a lower module never names a higher one (docs/modules.md "Events").
 */
export interface AppEvent<P> {
  readonly name: string;
  /** Carries the payload type only; never set. */
  readonly payload?: P;
}

/** Defines an event; `name` is `<module>.<what happened>`, unique in the app. */
export const defineEvent = <P>(name: string): AppEvent<P> => ({ name });

export type EventHandler<P> = (scope: TenantScope, payload: P) => Promise<void>;

/** A manifest's subscription to one event. */
export interface Subscription {
  readonly event: AppEvent<unknown>;
  readonly handler: EventHandler<unknown>;
}

/** Subscribes `handler` to `event` (for a manifest's `events`). */
export const on = <P>(event: AppEvent<P>, handler: EventHandler<P>): Subscription => ({
  event: event as AppEvent<unknown>,
  handler: handler as EventHandler<unknown>,
});

/**
 * The subscribers of every manifest, run inside the emitter's transaction (DESIGN.md: a hand-over is written in the same
 * transaction as the change that causes it): they run one after the other, in the order of the module
 * list, before `emit` returns; a subscriber that throws fails the emitter's request and rolls back the
 * whole transaction. Work that may fail or take long is queued as a job by the subscriber instead.
 */
export class EventBus {
  private readonly handlers = new Map<string, EventHandler<unknown>[]>();

  constructor(subscriptions: readonly Subscription[] = []) {
    this.subscribe(subscriptions);
  }

  subscribe(subscriptions: readonly Subscription[]): void {
    for (const s of subscriptions) {
      const list = this.handlers.get(s.event.name) ?? [];
      list.push(s.handler);
      this.handlers.set(s.event.name, list);
    }
  }

  async emit<P>(scope: TenantScope, event: AppEvent<P>, payload: P): Promise<void> {
    for (const handler of this.handlers.get(event.name) ?? []) await handler(scope, payload);
  }

  /** Whether anything subscribes to `event` (tests and the architecture check). */
  has(event: AppEvent<unknown>): boolean {
    return (this.handlers.get(event.name)?.length ?? 0) > 0;
  }
}

/** The app's bus: modules/index.ts subscribes every manifest's `events` once, as the module list loads. */
export const events = new EventBus();

/** Tells the subscribers of `event`, in the caller's tenant transaction (see `EventBus`). */
export const emit = <P>(scope: TenantScope, event: AppEvent<P>, payload: P): Promise<void> =>
  events.emit(scope, event, payload);
