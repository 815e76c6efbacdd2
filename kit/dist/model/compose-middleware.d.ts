import type { ModelCallOptions, ModelMiddleware } from './model.js';
import type { GenerateRequest } from './request.js';
import type { GenerateResponse } from './response.js';
type Next = (request: GenerateRequest, options: ModelCallOptions) => Promise<GenerateResponse>;
/** Chains middleware around `last`; the first middleware is the outermost. */
export declare function composeMiddleware(middleware: readonly ModelMiddleware[], last: Next): Next;
export {};
