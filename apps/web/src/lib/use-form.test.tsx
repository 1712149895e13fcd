import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import toast from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient, invalidate } from './query';
import { useFields, useSubmit } from './use-form';

/** A promise the test settles when it chooses, as a slow server would. */
function pending() {
  let settle: { resolve: () => void; reject: (err: unknown) => void } | undefined;
  const promise = new Promise<void>((resolve, reject) => {
    settle = { resolve, reject };
  });
  return { promise, ...(settle as NonNullable<typeof settle>) };
}

/** A hook in a client of the shop's own, as the app renders every screen. */
function renderInClient<T>(hook: () => T) {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, ...renderHook(hook, { wrapper }) };
}

describe('useSubmit', () => {
  it('when a form is sent twice before the answer, then it is sent once and busy until it ends', async () => {
    const answer = pending();
    const send = vi.fn(() => answer.promise);
    const { result } = renderInClient(() =>
      useSubmit({ mutationFn: send }, { onFailure: () => 'failed' }),
    );

    let first: Promise<void> | undefined;
    await act(async () => {
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
    const onSuccess = vi.fn();
    const { result } = renderInClient(() =>
      useSubmit(
        { mutationFn: send },
        { onSuccess, onFailure: (err) => `could not save: ${(err as Error).message}` },
      ),
    );

    await act(() => result.current.run('Books'));
    expect(send.mock.calls[0]?.[0]).toBe('Books');
    expect(error).toHaveBeenCalledWith('could not save: refused');
    expect(result.current.busy).toBe(false);
    expect(onSuccess).not.toHaveBeenCalled();

    await act(() => result.current.run('Books'));
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('when the failure was already said, then no toast is added', async () => {
    const error = vi.spyOn(toast, 'error');
    const { result } = renderInClient(() =>
      useSubmit(
        { mutationFn: () => Promise.reject(new Error('offline')) },
        { onFailure: () => undefined },
      ),
    );
    await act(() => result.current.run());
    expect(error).not.toHaveBeenCalled();
  });

  it('when a form is submitted, then the browser does not reload the page and its values are sent', async () => {
    const send = vi.fn(async (_name: string) => {});
    const { result } = renderInClient(() =>
      useSubmit({ mutationFn: send }, { onFailure: () => 'failed' }),
    );
    const preventDefault = vi.fn();
    await act(async () => {
      result.current.form('Garden').onSubmit({ preventDefault } as never);
    });
    expect(preventDefault).toHaveBeenCalled();
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]?.[0]).toBe('Garden');
  });

  it('when the write succeeds, then the reads it invalidates are stale before the screen hears of it', async () => {
    const key = ['products', 'detail', { slug: 'lamp' }];
    const heard = vi.fn();
    const { client, result } = renderInClient(() =>
      useSubmit(
        {
          mutationFn: async (price: number) => ({ price }),
          onSuccess: (_saved, _price, _result, context) =>
            invalidate(context.client, [['products']]),
        },
        {
          onSuccess: (saved, price) =>
            heard(saved, price, client.getQueryState(key)?.isInvalidated),
          onFailure: () => 'failed',
        },
      ),
    );
    client.setQueryData(key, { price: 20 });

    await act(() => result.current.run(25));

    expect(heard).toHaveBeenCalledWith({ price: 25 }, 25, true);
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
