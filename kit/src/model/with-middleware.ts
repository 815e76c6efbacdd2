import { composeMiddleware } from './compose-middleware.js';
import type { Model, ModelMiddleware } from './model.js';

/**
 * `model` with `use` around every call (the first middleware outermost): the same name, info
 * and config schema, so whoever holds it (an agent, a flow, a fallback list) needs no `use` of its own.
 */
export function withMiddleware(model: Model, use: readonly ModelMiddleware[]): Model {
  if (!use.length) return model;
  const run = composeMiddleware(use, (request, options) => model.generate(request, options));
  return {
    name: model.name,
    info: model.info,
    get configJsonSchema() {
      return model.configJsonSchema;
    },
    generate: (request, options = {}) => run(request, options),
  };
}
