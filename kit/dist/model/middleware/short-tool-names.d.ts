import type { ModelMiddleware } from '../model.js';
/** The name a tool is offered to a model under: the short name after the last `/` (`billing/refund` → `refund`). */
export declare function shortToolName(name: string): string;
/**
 * Lets a model see namespaced tools (`billing/refund`) by their short names, as Genkit offers
 * them: the request's tool definitions carry the original in `metadata.originalName`; the
 * history's calls are renamed to the short names on the way in, and the model's calls (and
 * streamed chunks) back to the originals on the way out, so the kit only ever sees full names.
 */
export declare function shortToolNames(): ModelMiddleware;
