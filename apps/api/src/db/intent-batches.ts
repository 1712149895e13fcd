import { type Group as GroupOf, groupCommits } from '../lib/group-commits.js';

/**
 * Group commit of the catalogue's change log. Numbers are claimed one insert at a time, so a
 * thousand writers at once (reviews of one product, a sale) would each retry past every other's
 * number. Instead, the changes of one process that come while its previous announcement is on
 * its way share the next one, which names all their products.
 *
 * Two kinds of writes use it. Most announce an intent before they write and a completion after:
 * the writes that start while an intent is being announced share the next intent, and one
 * completion once the last of them ended. What a write is told stays the same: an intent named
 * its products before it, and its completion comes after it. A checkout's stock writes announce
 * only after they landed (see catalogue-changes.ts), grouped the same way.
 */

/** What a write changes (catalogue-changes.ts's CatalogueChange, said again to keep imports one-way). */
interface CatalogueChange {
  productIds?: string[];
  categories?: boolean;
  all?: boolean;
}

type Announce = (
  change: CatalogueChange & { intent?: boolean; completes?: number },
) => Promise<number>;

const merge = (a: CatalogueChange, b: CatalogueChange): CatalogueChange => ({
  ...(a.productIds || b.productIds
    ? { productIds: [...new Set([...(a.productIds ?? []), ...(b.productIds ?? [])])] }
    : {}),
  ...(a.categories || b.categories ? { categories: true } : {}),
  ...(a.all || b.all ? { all: true } : {}),
});

/** Changes announced together, and the number their announcement took. */
type Group = GroupOf<CatalogueChange, number>;

/**
 * Announces each change joined, those joined while an announcement is on its way together in
 * the next one (lib/group-commits.ts).
 */
const groupAnnouncements = (announce: (change: CatalogueChange) => Promise<number>, lingerMs = 0) =>
  groupCommits(announce, merge, {}, { lingerMs });

/** Intents before writes, one completion per intent once its last write ended. */
export function intentBatcher(announce: Announce) {
  const intents = groupAnnouncements((change) => announce({ ...change, intent: true }));
  /** Per intent: its writes not ended yet, and the completion they all wait for. */
  const batches = new WeakMap<
    Group,
    { running: number; completed: Promise<void>; complete: () => void }
  >();

  function batchOf(group: Group) {
    let batch = batches.get(group);
    if (!batch) {
      let complete = () => {};
      const completed = new Promise<void>((done) => {
        complete = done;
      });
      batch = { running: 0, completed, complete: () => complete() };
      batches.set(group, batch);
    }
    return batch;
  }

  /** Joins the next intent; resolves once it is announced, with what ends the write. */
  async function join(change: CatalogueChange): Promise<() => Promise<void>> {
    const group = intents(change);
    const batch = batchOf(group);
    batch.running += 1;
    let intent: number;
    try {
      intent = await group.answer;
    } catch (err) {
      batch.running -= 1;
      throw err;
    }
    return async () => {
      batch.running -= 1;
      if (batch.running === 0) {
        // A completion that cannot be announced is covered by its intent; the writes stand.
        await announce({ ...group.change, completes: intent }).catch(() => {});
        batch.complete();
      }
      await batch.completed;
    };
  }

  return { join };
}

/**
 * Changes announced after their writes: resolves once a change naming this one's is in the log.
 * `lingerMs` for changes nobody waits for (see groupCommits).
 */
export function afterBatcher(announce: Announce, lingerMs = 0) {
  const changes = groupAnnouncements(announce, lingerMs);
  return async (change: CatalogueChange): Promise<void> => {
    await changes(change).answer;
  };
}
