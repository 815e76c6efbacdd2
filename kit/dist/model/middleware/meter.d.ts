import type { ModelMiddleware } from '../model.js';
import { type Pricing } from '../pricing.js';
/** Options of {@link meter}. */
export interface MeterOptions {
    /** Prices per model; a model missing from the table is counted but not priced. */
    pricing?: Pricing;
}
/**
 * Counts each response's usage under the model that answered (`usage.byModel`) and adds its
 * estimated cost (`usage.costUsd`) from `pricing`; `generate` sums both over the turn. Put it
 * first in `use` so that it sees the answer of whichever model a `fallback` or `route` picked.
 */
export declare function meter(options?: MeterOptions): ModelMiddleware;
