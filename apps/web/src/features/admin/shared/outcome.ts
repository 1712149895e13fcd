import { errorResponseSchema } from '@shop/contracts';
import { errorMessage, isHttpError, type Schema } from '../../../lib/api-client';

/** The server answered and said no: a `{ success: false, message }` body, whatever its status. */
export class RefusedError extends Error {
  override name = 'RefusedError';
}

/**
 * Wraps a success schema so that a `success: false` body becomes a RefusedError carrying the
 * server's message instead of a schema mismatch.
 */
export function outcome<T>(schema: Schema<T>): Schema<T> {
  return {
    parse(data: unknown) {
      const refused = errorResponseSchema.safeParse(data);
      if (refused.success) throw new RefusedError(refused.data.message);
      return schema.parse(data);
    },
  };
}

/**
 * What the server said when it refused a call (a success:false body or a 4xx), '' when it
 * refused without words, null when the call failed otherwise (offline, 5xx, unreadable answer):
 * the screens show the server's words for a refusal and their own text for everything else.
 */
export function refusalOf(err: unknown): string | null {
  if (err instanceof RefusedError) return err.message;
  if (isHttpError(err) && err.response && err.response.status < 500) {
    return errorMessage(err, '');
  }
  return null;
}
