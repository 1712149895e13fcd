import type { mongo } from 'mongoose';
/**
 * Group commit: what callers of one process hand in while the previous write of it is on its
 * way is merged and written as the next one, so that under load many callers cost one command
 * and a caller alone waits for nothing. For writes on the path of every order (the catalogue's
 * change log, the outbox's landed marks).
 */

/** Written together: what they carry, and the write's answer once it landed. */
export interface Group<Change, Answer> {
  change: Change;
  answer: Promise<Answer>;
}

/**
 * Writes each change joined, those joined while a write is on its way together in the next
 * one; `join` answers the group the change went in (the same object for all of it). With
 * `lingerMs`, for writes nobody waits for, a change that finds no write on its way waits that
 * long for others before it is written: under load, changes come a few milliseconds apart, each
 * write is over before the next comes, and without it every change would cost its own command.
 */
export function groupCommits<Change, Answer>(
  write: (change: Change) => Promise<Answer>,
  merge: (a: Change, b: Change) => Change,
  nothing: Change,
  { lingerMs = 0 }: { lingerMs?: number } = {},
) {
  type Waiting = Group<Change, Answer> & { send: () => void };
  /** The group waiting for the one on its way, sent once that one landed. */
  let next: Waiting | null = null;
  let writing = false;
  /** A group waits out its linger: the changes joined meanwhile go in it. */
  let lingering = false;

  function newGroup(): Waiting {
    let send = () => {};
    const group = { change: nothing, send: () => send() } as Waiting;
    group.answer = new Promise<Answer>((resolve, reject) => {
      send = () => {
        writing = true;
        write(group.change)
          .then(resolve, reject)
          .finally(() => {
            writing = false;
            const waiting = next;
            next = null;
            waiting?.send();
          });
      };
    });
    // A failed write fails its callers; they see it through `answer`.
    group.answer.catch(() => {});
    return group;
  }

  return function join(change: Change): Group<Change, Answer> {
    const group = next ?? newGroup();
    group.change = merge(group.change, change);
    if (writing || lingering) next = group;
    else if (lingerMs > 0) {
      lingering = true;
      next = group;
      setTimeout(() => {
        lingering = false;
        next = null;
        group.send();
      }, lingerMs);
    } else group.send();
    return group;
  };
}

/**
 * `groupCommits` apart for each key: changes of one key handed in while that key's write is on
 * its way are merged into its next one, and a key nobody writes is forgotten. For a counter
 * kept per key (a rate limit's window), where changes of one key are one command however many.
 */
export function keyedGroupCommits<Change, Answer>(
  write: (key: string, change: Change) => Promise<Answer>,
  merge: (a: Change, b: Change) => Change,
  nothing: Change,
) {
  const keys = new Map<string, { join: (change: Change) => Group<Change, Answer>; open: number }>();
  return function join(key: string, change: Change): Group<Change, Answer> {
    let kept = keys.get(key);
    if (!kept) {
      kept = { join: groupCommits((merged) => write(key, merged), merge, nothing), open: 0 };
      keys.set(key, kept);
    }
    const group = kept.join(change);
    kept.open += 1;
    const done = kept;
    void group.answer
      .catch(() => {})
      .finally(() => {
        done.open -= 1;
        if (done.open === 0 && keys.get(key) === done) keys.delete(key);
      });
    return group;
  };
}

/**
 * Updates of one collection whose callers need no answer of their own (a release, a mark, a
 * guarded update that may match nothing), those handed in while a bulk write of them is on its
 * way sent together by the next one (unordered: each stands alone). Resolves once they landed.
 */
export function groupedWrites<Op>(bulkWrite: (ops: Op[]) => Promise<unknown>) {
  const join = groupCommits<readonly Op[], void>(
    async (ops) => {
      await bulkWrite([...ops]);
    },
    (a, b) => [...a, ...b],
    [],
  );
  return async (ops: readonly Op[]): Promise<void> => {
    if (ops.length > 0) await join(ops).answer;
  };
}

/**
 * `groupedWrites` of one collection, sent by the driver as they are: the callers write their
 * filters and updates in the stored types (ObjectIds, dates, and `updatedAt` where the schema
 * keeps timestamps), since Mongoose's cast of a bulk write cost more of the API's CPU than the
 * command's own sending on the path of every order (docs/features/cart-and-checkout.md).
 */
export const groupedCollectionWrites = <Stored extends mongo.Document>(
  collection: mongo.Collection<Stored>,
) =>
  groupedWrites((ops: mongo.AnyBulkWriteOperation<Stored>[]) =>
    collection.bulkWrite(ops, { ordered: false }),
  );
