import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { openThrowawayDatabase, type ThrowawayDatabase } from '../../test/throwaway-database.js';
import { randomId, recordDeliveries } from './deliveries.js';
import { listDeliveries, type Outcome, publishWith, startDelivering, wireOutbox } from './index.js';

/** Changes of this test, by the event each recorded: what a feature's documents would hold. */
const recorded = new Set<string>();
const heard: Record<string, string[]> = { counter: [], letters: [] };
let failuresLeft = 0;

let db: ThrowawayDatabase;
const workers: { stop: () => Promise<void> }[] = [];
beforeAll(async () => {
  db = await openThrowawayDatabase('outbox', inject('mongoUrl'));
  wireOutbox({
    subscribers: { counter: ['thing.done'], letters: ['thing.done'] },
    landingChecks: {
      'thing.done': async (event) => (recorded.has(event.id) ? 'landed' : 'not landed'),
    },
  });
  for (const subscriber of ['counter', 'letters']) {
    workers.push(
      startDelivering({
        subscriber,
        handle: async (delivery): Promise<Outcome> => {
          if (subscriber === 'letters' && failuresLeft > 0) {
            failuresLeft -= 1;
            return { failed: 'the mail server is away' };
          }
          heard[subscriber]?.push(delivery.event.id);
          return { done: true };
        },
        leaseMs: 4_000,
        retryMaxMs: 100,
        pollMs: 50,
        landingGraceMs: 300,
        log: { info: () => {}, warn: () => {} },
      }),
    );
  }
});
afterAll(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  await db.drop();
});

/** Waits until the outbox holds nothing (fails after 20 s). */
async function untilDelivered() {
  const giveUpAt = Date.now() + 20_000;
  while ((await listDeliveries()).length > 0) {
    if (Date.now() > giveUpAt) throw new Error('the outbox was never emptied');
    await new Promise((wait) => setTimeout(wait, 20));
  }
}

/** A change that records its event (landed), or is refused. */
const change = (lands: boolean) => async (eventId: string) => {
  if (lands) recorded.add(eventId);
  return lands;
};

describe('the outbox', () => {
  test('when a change lands, then each subscriber hears of it once; when it is refused, then nobody does', async () => {
    let landed = '';
    let refused = '';
    await publishWith({ type: 'thing.done', source: 'thing-1', payload: {} }, async (eventId) => {
      landed = eventId;
      return change(true)(eventId);
    });
    await publishWith({ type: 'thing.done', source: 'thing-2', payload: {} }, async (eventId) => {
      refused = eventId;
      return change(false)(eventId);
    });
    await untilDelivered();

    expect(heard.counter?.filter((id) => id === landed)).toHaveLength(1);
    expect(heard.letters?.filter((id) => id === landed)).toHaveLength(1);
    expect([...(heard.counter ?? []), ...(heard.letters ?? [])]).not.toContain(refused);
  });

  test('when a subscriber fails, then it hears of the event again after a back-off, until it is done', async () => {
    failuresLeft = 3;
    let eventId = '';
    await publishWith({ type: 'thing.done', source: 'thing-3', payload: {} }, async (id) => {
      eventId = id;
      return change(true)(id);
    });
    await untilDelivered();

    expect(failuresLeft).toBe(0);
    expect(heard.letters?.filter((id) => id === eventId)).toHaveLength(1);
  });

  test('when the publisher died after its change but before saying it landed, then the landing check is asked and the event heard; one whose change never landed is dropped unheard', async () => {
    const landedId = randomId();
    const lostId = randomId();
    const subscribers = ['counter', 'letters'];
    await recordDeliveries(
      { id: landedId, type: 'thing.done', source: 'thing-4', payload: {} },
      subscribers,
      false,
    );
    recorded.add(landedId);
    await recordDeliveries(
      { id: lostId, type: 'thing.done', source: 'thing-5', payload: {} },
      subscribers,
      false,
    );
    await untilDelivered();

    expect(heard.counter).toContain(landedId);
    expect(heard.letters).toContain(landedId);
    expect([...(heard.counter ?? []), ...(heard.letters ?? [])]).not.toContain(lostId);
  });

  test('when an event recorded by a change has no landing check wired, then publishing it is refused before anything is written', async () => {
    const before = (await listDeliveries()).length;
    await expect(
      publishWith({ type: 'thing.unknown', source: 'thing-6', payload: {} }, change(true)),
    ).rejects.toThrow('no landing check is wired for thing.unknown');
    expect(await listDeliveries()).toHaveLength(before);
  });
});
