/**
 * A step of a flow (like a step of Medusa's workflows): `run` does it, and `compensate`, declared
 * beside it, undoes it once it succeeded, should a later step fail. A step that fails undoes
 * its own partial work before throwing. A step without `compensate` leaves nothing to undo.
 *
 * A pivot step (the saga's pivot: a capture, once the card is charged) is the point of no
 * return: once it succeeded, nothing done before it is undone, and the steps after it are never
 * undone either, so they must be safe to run again (the flow's next run finishes them).
 */
export interface Step<In, Out, Undone = unknown> {
  name: string;
  run: (input: In) => Promise<Out>;
  compensate?: (done: Out, input: In) => Promise<Undone>;
  pivot?: true;
}

export const createStep = <In, Out, Undone = unknown>(
  name: string,
  run: (input: In) => Promise<Out>,
  compensate?: (done: Out, input: In) => Promise<Undone>,
): Step<In, Out, Undone> => ({ name, run, ...(compensate ? { compensate } : {}) });

export const createPivotStep = <In, Out>(
  name: string,
  run: (input: In) => Promise<Out>,
): Step<In, Out> => ({ name, run, pivot: true });

/** The test fault: the step after which this process kills itself (see crashAfterStep). */
let crashAfter: string | null = null;
/**
 * From now on, the process kills itself (SIGKILL) right after a step of this name succeeds,
 * before anything else happens: what a crash between two steps leaves is what the tests check.
 */
export const crashAfterStep = (name: string) => {
  crashAfter = name;
};

/** Runs one step of the flow with its input; what the step answers. */
export type RunStep = <In, Out, Undone>(step: Step<In, Out, Undone>, input: In) => Promise<Out>;

export interface FlowFailure {
  /** Steps whose compensation failed: what they did stays done. */
  notUndone: { step: string; error: unknown }[];
  /** What the step's compensation answered, when it ran and succeeded. */
  undoneBy: <Undone>(step: {
    compensate?: (...args: never[]) => Promise<Undone>;
  }) => Undone | undefined;
}

/**
 * Runs a flow written as a list of steps. When a step throws before the pivot, the steps done
 * so far are compensated in reverse order, each attempted even when an earlier one failed, and
 * the step's error goes through `onFailure` with `failure` telling what was and could not be
 * undone. Past the pivot, an error goes on as it is: nothing is undone.
 *
 * A flow run under a lock passes the lease's `signal`: once it aborts before the pivot, no
 * further step starts and no further compensation runs, since the lock's next holder now owns
 * what was done (it finds it and finishes or undoes it); the flow fails with the signal's
 * reason. Past the pivot the steps left only finish what stands, and run: their writes carry
 * the lease's fencing token, which refuses them once another holder has written.
 */
export async function runSteps<T>(
  flow: (run: RunStep) => Promise<T>,
  onFailure?: (err: unknown, failure: FlowFailure) => unknown,
  signal?: AbortSignal,
): Promise<T> {
  const done: { name: string; step: object; undo: () => Promise<unknown> }[] = [];
  let pastPivot = false;
  const run: RunStep = async (step, input) => {
    if (!pastPivot) signal?.throwIfAborted();
    const result = await step.run(input);
    if (crashAfter === step.name) process.kill(process.pid, 'SIGKILL');
    if (step.pivot) pastPivot = true;
    const { compensate } = step;
    if (compensate && !pastPivot) {
      done.push({ name: step.name, step, undo: () => compensate(result, input) });
    }
    return result;
  };
  try {
    return await flow(run);
  } catch (err) {
    if (pastPivot) throw err;
    const undone = new Map<object, unknown>();
    const failure: FlowFailure = {
      notUndone: [],
      // The map holds what this very step's compensation answered.
      undoneBy: <Undone>(step: object) => undone.get(step) as Undone | undefined,
    };
    for (const { name, step, undo } of done.reverse()) {
      if (signal?.aborted) break;
      await undo().then(
        (result) => undone.set(step, result),
        (error: unknown) => failure.notUndone.push({ step: name, error }),
      );
    }
    if (signal?.aborted) throw signal.reason;
    throw onFailure ? onFailure(err, failure) : err;
  }
}
