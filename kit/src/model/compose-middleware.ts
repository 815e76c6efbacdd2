import type { ModelCallOptions, ModelMiddleware } from './model.js';
import type { GenerateRequest } from './request.js';
import type { GenerateResponse } from './response.js';

type Next = (request: GenerateRequest, options: ModelCallOptions) => Promise<GenerateResponse>;

/** Chains middleware around `last`; the first middleware is the outermost. */
export function composeMiddleware(middleware: readonly ModelMiddleware[], last: Next): Next {
  let next = last;
  for (let i = middleware.length - 1; i >= 0; i--) {
    const step = middleware[i] as ModelMiddleware;
    const inner = next;
    next = (request, options) => step(request, options, inner);
  }
  return next;
}
