import type { ModelUsage, Usage } from './usage.js';
/** The price of one model, in US dollars per million tokens. */
export interface ModelPrice {
    inputPerMTok: number;
    outputPerMTok: number;
    /** Cached input tokens, when the provider bills them apart. Default: `inputPerMTok`. */
    cachedInputPerMTok?: number;
    /** Thinking tokens, when billed apart from output. Default: `outputPerMTok` (as Gemini bills them). */
    thoughtsPerMTok?: number;
}
/** The app's price table: model name (`googleai/gemini-2.5-flash` or just `gemini-2.5-flash`) to price. */
export type Pricing = Readonly<Record<string, ModelPrice>>;
/** The price of `model`: by its full name, else by the name after its provider prefix. */
export declare function priceOf(pricing: Pricing, model: string): ModelPrice | undefined;
/** The estimated cost of `usage` at `price`, in US dollars. */
export declare function costOf(usage: Usage | ModelUsage, price: ModelPrice): number;
