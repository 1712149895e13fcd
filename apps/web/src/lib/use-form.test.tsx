import { act, renderHook } from '@testing-library/react';
import toast from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { useFields, useSubmit } from './use-form';

/** A promise the test settles when it chooses, as a slow server would. */
function pending() {
  let settle: { resolve: () => void; reject: (err: unknown) => void } | undefined;
  const promise = new Promise<void>((resolve, reject) => {
    settle = { resolve, reject };
  });
  return { promise, ...(settle as NonNullable<typeof settle>) };
}

describe('useSubmit', () => {
  it('when a form is sent twice before the answer, then it is sent once and busy until it ends', async () => {
    const answer = pending();
    const send = vi.fn(() => answer.promise);
    const { result } = renderHook(() => useSubmit(send, () => 'failed'));

    let first: Promise<void> | undefined;
    act(() => {
      first = result.current.run();
      void result.current.run();
    });
    expect(send).toHaveBeenCalledTimes(1);
    expect(result.current.busy).toBe(true);

    await act(async () => {
      answer.resolve();
      await first;
    });
    expect(result.current.busy).toBe(false);
  });

  it('when sending fails, then its message is shown as an error toast and the form can be sent again', async () => {
    const error = vi.spyOn(toast, 'error');
    const send = vi.fn(async (_name: string) => {
      throw new Error('refused');
    });
    const { result } = renderHook(() =>
      useSubmit(send, (err) => `could not save: ${(err as Error).message}`),
    );

    await act(() => result.current.run('Books'));
    expect(send).toHaveBeenCalledWith('Books');
    expect(error).toHaveBeenCalledWith('could not save: refused');
    expect(result.current.busy).toBe(false);

    await act(() => result.current.run('Books'));
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('when the failure was already said, then no toast is added', async () => {
    const error = vi.spyOn(toast, 'error');
    const { result } = renderHook(() =>
      useSubmit(
        () => Promise.reject(new Error('offline')),
        () => undefined,
      ),
    );
    await act(() => result.current.run());
    expect(error).not.toHaveBeenCalled();
  });

  it('when a form is submitted, then the browser does not reload the page', async () => {
    const send = vi.fn(async () => {});
    const { result } = renderHook(() => useSubmit(send, () => 'failed'));
    const preventDefault = vi.fn();
    await act(async () => {
      result.current.onSubmit({ preventDefault } as never);
    });
    expect(preventDefault).toHaveBeenCalled();
    expect(send).toHaveBeenCalledTimes(1);
  });
});

describe('useFields', () => {
  it('when an input changes, then only its field changes, and set replaces some fields', () => {
    const { result } = renderHook(() => useFields({ name: 'Ada', password: '' }));
    act(() => result.current.bind('password').onChange({ target: { value: 'secret' } } as never));
    expect(result.current.values).toEqual({ name: 'Ada', password: 'secret' });
    act(() => result.current.set({ password: '' }));
    expect(result.current.bind('password').value).toBe('');
    expect(result.current.bind('name').value).toBe('Ada');
  });
});
