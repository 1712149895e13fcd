import type { PublishedEvent } from './deliveries.js';

/** Whether the change an event announces landed: 'gone' when what it was about no longer is. */
export type LandingVerdict = 'landed' | 'not landed' | 'gone';

/**
 * Asks the feature that records an event (its `source`) whether its change landed: for a
 * delivery whose publisher could not say so (it died between the two, or the database was away).
 */
export type LandingCheck = (event: PublishedEvent) => Promise<LandingVerdict>;

/** Who hears what, as the composition root (src/events.ts) wires it. */
export interface OutboxWiring {
  /** By subscriber: the event types it is delivered. */
  subscribers: Readonly<Record<string, readonly string[]>>;
  /** By event type, for the events recorded by a change: how to tell that it landed. */
  landingChecks: Readonly<Record<string, LandingCheck>>;
}

let wired: { subscribersByType: Map<string, string[]>; checks: Map<string, LandingCheck> } | null =
  null;

/**
 * Wires the outbox of this process: done once by each entry point (the API, the seed), before
 * any event is published, the same everywhere so that every process records the same deliveries.
 */
export function wireOutbox({ subscribers, landingChecks }: OutboxWiring) {
  const subscribersByType = new Map<string, string[]>();
  for (const [subscriber, types] of Object.entries(subscribers)) {
    for (const type of types)
      subscribersByType.set(type, [...(subscribersByType.get(type) ?? []), subscriber]);
  }
  wired = { subscribersByType, checks: new Map(Object.entries(landingChecks)) };
}

function wiring() {
  if (!wired) throw new Error('the outbox is not wired: an entry point calls wireEvents() first');
  return wired;
}

/** The subscribers an event of this type is delivered to. */
export const subscribersOf = (type: string): readonly string[] =>
  wiring().subscribersByType.get(type) ?? [];

/** How to tell that an event of this type landed. */
export function landingCheckOf(type: string): LandingCheck {
  const check = wiring().checks.get(type);
  if (!check) throw new Error(`no landing check is wired for ${type}`);
  return check;
}
