import { type KitErrorCode } from '../../errors/index.js';
import type { Model, ModelMiddleware } from '../model.js';
/** Options of {@link fallback}. */
export interface FallbackOptions {
    /** Tried in order after the first model fails. */
    models: readonly Model[];
    /** Codes that send the request on to the next model. */
    statuses?: readonly KitErrorCode[];
}
export declare const FALLBACK_CODES: readonly KitErrorCode[];
/**
 * Sends the request to the next model when the current one fails with one of `statuses`.
 * Each model applies its own support middleware, so the request is passed on as received.
 */
export declare function fallback(options: FallbackOptions): ModelMiddleware;
