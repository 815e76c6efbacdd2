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
export function priceOf(pricing: Pricing, model: string): ModelPrice | undefined {
  return pricing[model] ?? pricing[model.slice(model.lastIndexOf('/') + 1)];
}

/** The estimated cost of `usage` at `price`, in US dollars. */
export function costOf(usage: Usage | ModelUsage, price: ModelPrice): number {
  const cached = usage.cachedContentTokens ?? 0;
  const input = Math.max(0, (usage.inputTokens ?? 0) - cached);
  const perToken =
    input * price.inputPerMTok +
    cached * (price.cachedInputPerMTok ?? price.inputPerMTok) +
    (usage.outputTokens ?? 0) * price.outputPerMTok +
    (usage.thoughtsTokens ?? 0) * (price.thoughtsPerMTok ?? price.outputPerMTok);
  return perToken / 1_000_000;
}
