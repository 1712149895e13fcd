import { describe, expect, it } from 'vitest';
import { createPivotStep, createStep, type FlowFailure, runSteps } from './steps.js';

/** A step that writes what it does and what undoes it into `log`. */
const stepLoggingTo = (
  log: string[],
  name: string,
  undo: () => Promise<string> = async () => name,
) =>
  createStep(
    name,
    async () => {
      log.push(`run ${name}`);
    },
    async () => {
      log.push(`undo ${name}`);
      return undo();
    },
  );

const failing = createStep('fail', async () => {
  throw new Error('refused');
});

describe('runSteps', () => {
  it('when a step fails, then the steps done are undone in reverse order and the error goes through onFailure', async () => {
    const log: string[] = [];
    const first = stepLoggingTo(log, 'first');
    const second = stepLoggingTo(log, 'second');
    let seen: FlowFailure | undefined;
    const flow = runSteps(
      async (run) => {
        await run(first, undefined);
        await run(second, undefined);
        await run(failing, undefined);
      },
      (err, failure) => {
        seen = failure;
        return err;
      },
    );
    await expect(flow).rejects.toThrow('refused');
    expect(log).toEqual(['run first', 'run second', 'undo second', 'undo first']);
    expect(seen?.undoneBy(first)).toBe('first');
    expect(seen?.notUndone).toEqual([]);
  });

  it('when a compensation fails, then the others still run and the failure names it', async () => {
    const log: string[] = [];
    const broken = stepLoggingTo(log, 'broken', async () => {
      throw new Error('cannot undo');
    });
    const kept = stepLoggingTo(log, 'kept');
    let seen: FlowFailure | undefined;
    const flow = runSteps(
      async (run) => {
        await run(kept, undefined);
        await run(broken, undefined);
        await run(failing, undefined);
      },
      (err, failure) => {
        seen = failure;
        return err;
      },
    );
    await expect(flow).rejects.toThrow('refused');
    expect(log).toEqual(['run kept', 'run broken', 'undo broken', 'undo kept']);
    expect(seen?.notUndone.map((entry) => entry.step)).toEqual(['broken']);
    expect(seen?.undoneBy(broken)).toBeUndefined();
  });

  it('when a step after the pivot fails, then nothing is undone and the error goes on as it is', async () => {
    const log: string[] = [];
    const before = stepLoggingTo(log, 'before');
    const pivot = createPivotStep('pivot', async () => {
      log.push('run pivot');
    });
    let explained = false;
    const flow = runSteps(
      async (run) => {
        await run(before, undefined);
        await run(pivot, undefined);
        await run(failing, undefined);
      },
      (err) => {
        explained = true;
        return err;
      },
    );
    await expect(flow).rejects.toThrow('refused');
    expect(log).toEqual(['run before', 'run pivot']);
    expect(explained).toBe(false);
  });

  it('when the signal aborts, then no further step starts, nothing is undone and the flow fails with its reason', async () => {
    const log: string[] = [];
    const lease = new AbortController();
    const first = stepLoggingTo(log, 'first');
    const flow = runSteps(
      async (run) => {
        await run(first, undefined);
        lease.abort(new Error('lease lost'));
        await run(stepLoggingTo(log, 'second'), undefined);
      },
      undefined,
      lease.signal,
    );
    await expect(flow).rejects.toThrow('lease lost');
    expect(log).toEqual(['run first']);
  });

  it('when the signal aborts after the pivot, then the steps left still run', async () => {
    const log: string[] = [];
    const lease = new AbortController();
    const pivot = createPivotStep('pivot', async () => {
      log.push('run pivot');
    });
    await runSteps(
      async (run) => {
        await run(pivot, undefined);
        lease.abort(new Error('lease lost'));
        await run(stepLoggingTo(log, 'finish'), undefined);
      },
      undefined,
      lease.signal,
    );
    expect(log).toEqual(['run pivot', 'run finish']);
  });

  it('when every step succeeds, then the flow answers what it returns and nothing is undone', async () => {
    const log: string[] = [];
    const double = createStep('double', async (n: number) => n * 2);
    const result = await runSteps(async (run) => {
      await run(stepLoggingTo(log, 'first'), undefined);
      return run(double, 21);
    });
    expect(result).toBe(42);
    expect(log).toEqual(['run first']);
  });
});
