import type { Model } from './model.js';
import type { Pricing } from './pricing.js';
import type { GenerateRequest } from './request.js';
/** What a route decides from: the request and the facts a router usually looks at. */
export interface RouteRound {
    /** The request as the chosen model will get it (without the task label). */
    request: GenerateRequest;
    /** Characters of text in the request's messages (a cheap stand-in for its length in tokens). */
    chars: number;
    /** The names of the tools offered. */
    tools: string[];
    /** The task label: `config.task` of the call (removed before the model sees the config). */
    task: string | undefined;
}
/** Options of {@link route}. */
export interface RouteOptions {
    /** The route's own name, for logs. Default `route`. */
    name?: string;
    /** Prices per model: each response is metered (see `meter`) under the model that answered. */
    pricing?: Pricing;
}
/**
 * A model that picks, per request, which model answers: by its length, the tools it offers or a
 * task label (`config: { task }`). Use it as any model (`defineAgent({ model: route(…) })`);
 * `retry` and `fallback` compose around it as around one model. Each response names the model
 * that answered (`response.model`), so usage and cost are counted per model.
 */
export declare function route(pick: (round: RouteRound) => Model, options?: RouteOptions): Model;
