/**
 * One step of a flow: `run` does it, and `compensate` undoes it once it succeeded, should
 * a later step fail. A step that fails undoes its own partial work before throwing.
 */
export type Step = <T>(
  name: string,
  run: () => Promise<T>,
  compensate?: (done: T) => Promise<unknown>,
) => Promise<T>;

export interface FlowFailure {
  /** Steps whose compensation failed: what they did stays done. */
  notUndone: { step: string; error: unknown }[];
}

/**
 * Runs a flow written as a list of steps (like Medusa's workflows). When a step throws,
 * the steps done so far are compensated in reverse order, each attempted even when an
 * earlier one failed, and the step's error goes on with `failure` telling what could not
 * be undone.
 *
 * A flow run under a lock passes the lease's `signal`: once it aborts, no further step starts
 * and no further compensation runs, since the lock's next holder now owns what was done (it
 * finds it and finishes or undoes it); the flow fails with the signal's reason.
 */
export async function runSteps<T>(
  flow: (step: Step) => Promise<T>,
  onFailure?: (err: unknown, failure: FlowFailure) => unknown,
  signal?: AbortSignal,
): Promise<T> {
  const done: { name: string; undo: () => Promise<unknown> }[] = [];
  const step: Step = async (name, run, compensate) => {
    signal?.throwIfAborted();
    const result = await run();
    if (compensate) done.push({ name, undo: () => compensate(result) });
    return result;
  };
  try {
    return await flow(step);
  } catch (err) {
    const failure: FlowFailure = { notUndone: [] };
    for (const { name, undo } of done.reverse()) {
      if (signal?.aborted) break;
      await undo().catch((error: unknown) => failure.notUndone.push({ step: name, error }));
    }
    if (signal?.aborted) throw signal.reason;
    throw onFailure ? onFailure(err, failure) : err;
  }
}
