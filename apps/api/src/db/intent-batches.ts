/**
 * Group commit of the catalogue's intents. Every write announces an intent before it and a
 * completion after; numbers are claimed one insert at a time, so a thousand writers at once
 * (reviews of one product, a sale) would each retry past every other's number. Instead, the
 * writes of one process that start while its previous intent is being announced share the next
 * one: one intent naming all their products, and one completion once the last of them ended.
 * What a write is told stays the same: an intent named its products before it, and its
 * completion comes after it.
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

interface Batch {
  change: CatalogueChange;
  /** Writes of the batch not ended yet. */
  running: number;
  /** Settles with the intent's number once it is announced. */
  intent: Promise<number>;
  /** Settles once the completion was announced (or could not be). */
  completed: Promise<void>;
  complete: () => void;
}

const merge = (a: CatalogueChange, b: CatalogueChange): CatalogueChange => ({
  ...(a.productIds || b.productIds
    ? { productIds: [...new Set([...(a.productIds ?? []), ...(b.productIds ?? [])])] }
    : {}),
  ...(a.categories || b.categories ? { categories: true } : {}),
  ...(a.all || b.all ? { all: true } : {}),
});

export function intentBatcher(announce: Announce) {
  /** Writes waiting for the next intent, which is sent once the one in flight is announced. */
  let next: (Batch & { send: () => void }) | null = null;
  let announcing = false;

  function newBatch(): Batch & { send: () => void } {
    let send = () => {};
    let complete = () => {};
    const batch = {
      change: {},
      running: 0,
      completed: new Promise<void>((done) => {
        complete = done;
      }),
      complete: () => complete(),
      send: () => send(),
    } as Batch & { send: () => void };
    batch.intent = new Promise<number>((resolve, reject) => {
      send = () => {
        announcing = true;
        announce({ ...batch.change, intent: true })
          .then(resolve, reject)
          .finally(() => {
            announcing = false;
            const waiting = next;
            next = null;
            waiting?.send();
          });
      };
    });
    // A failed intent fails its writes (they were not made); they see it through `intent`.
    batch.intent.catch(() => {});
    return batch;
  }

  /** Joins the next intent; resolves once it is announced, with what ends the write. */
  async function join(change: CatalogueChange): Promise<() => Promise<void>> {
    const batch = next ?? newBatch();
    batch.change = merge(batch.change, change);
    batch.running += 1;
    if (announcing) next = batch;
    else batch.send();
    let intent: number;
    try {
      intent = await batch.intent;
    } catch (err) {
      batch.running -= 1;
      throw err;
    }
    return async () => {
      batch.running -= 1;
      if (batch.running === 0) {
        // A completion that cannot be announced is covered by its intent; the writes stand.
        await announce({ ...batch.change, completes: intent }).catch(() => {});
        batch.complete();
      }
      await batch.completed;
    };
  }

  return { join };
}
