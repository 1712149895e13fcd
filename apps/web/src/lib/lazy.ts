import { type ComponentType, createElement, lazy } from 'react';

/** Spec §9: a route's chunk that has not arrived after 120 seconds counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkTimeoutError extends Error {
  constructor() {
    super('This page took too long to load');
    this.name = 'ChunkTimeoutError';
  }
}

type Module = { default: ComponentType };

function withTimeout<M extends Module>(chunk: Promise<M>) {
  return new Promise<M>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkTimeoutError()), CHUNK_TIMEOUT_MS);
    chunk.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/** A screen in a chunk of its own (see lazyPage); `M` is its module. */
export interface LazyPage<M extends Module = Module> {
  /** Starts loading the chunk; settles with its module when it has arrived, or fails. */
  preload: () => Promise<M>;
  /** The screen, once its chunk has arrived. */
  readonly loaded: ComponentType | undefined;
  /** The screen as React.lazy, while it has not. */
  Pending: ComponentType;
}

/**
 * A screen in a chunk of its own: React.lazy with the chunk timeout, whose failure reaches the
 * route's error boundary. Once `preload` has brought the chunk, LazyScreen renders it at once
 * instead of suspending: React shows no fallback, and so does not hold the content back (it
 * reveals what replaces a fallback no sooner than 300 ms after the fallback appeared).
 */
export function lazyPage<M extends Module>(load: () => Promise<M>): LazyPage<M> {
  let loaded: ComponentType | undefined;
  let loading: Promise<M> | undefined;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (err: unknown) => {
        // A later render asks the server again (a failed chunk may come back).
        loading = undefined;
        throw err;
      },
    );
    return loading;
  };
  return {
    preload,
    get loaded() {
      return loaded;
    },
    Pending: lazy(() => withTimeout(preload())),
  };
}

/** Renders a LazyPage: at once when its chunk is in, through Suspense when it is not. */
export function LazyScreen({ page }: { page: LazyPage }) {
  return createElement(page.loaded ?? page.Pending);
}
