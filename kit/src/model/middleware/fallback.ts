import { isKitError, type KitErrorCode } from '../../errors/index.js';
import type { Model, ModelMiddleware } from '../model.js';
import { trackStreaming } from './stream-guard.js';

/** Options of {@link fallback}. */
export interface FallbackOptions {
  /** Tried in order after the first model fails. */
  models: readonly Model[];
  /** Codes that send the request on to the next model. */
  statuses?: readonly KitErrorCode[];
}

export const FALLBACK_CODES: readonly KitErrorCode[] = [
  'unavailable',
  'resource-exhausted',
  'deadline-exceeded',
  'not-found',
  'unimplemented',
  'internal',
];

/**
 * Sends the request to the next model when the current one fails with one of `statuses`.
 * Each model applies its own support middleware, so the request is passed on as received.
 */
export function fallback(options: FallbackOptions): ModelMiddleware {
  const statuses = options.statuses ?? FALLBACK_CODES;
  return async (request, callOptions, next) => {
    const attempts = [next, ...options.models.map((m) => m.generate.bind(m))];
    let lastError: unknown;
    for (const attempt of attempts) {
      const tracked = trackStreaming(callOptions);
      try {
        return await attempt(request, tracked.options);
      } catch (error) {
        lastError = error;
        const passOn = isKitError(error) && statuses.includes(error.code);
        if (!passOn || tracked.streamed() || callOptions.signal?.aborted) throw error;
      }
    }
    throw lastError;
  };
}
