import { type ComponentType, lazy } from 'react';

/** Spec §9: a route's chunk that has not arrived after 120 seconds counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkTimeoutError extends Error {
  constructor() {
    super('This page took too long to load');
    this.name = 'ChunkTimeoutError';
  }
}

/** React.lazy with the chunk timeout; the failure reaches the route's error boundary. */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return lazy(
    () =>
      new Promise<{ default: ComponentType }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new ChunkTimeoutError()), CHUNK_TIMEOUT_MS);
        load()
          .then(resolve, reject)
          .finally(() => clearTimeout(timer));
      }),
  );
}
