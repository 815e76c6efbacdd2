import type { Model, ModelMiddleware } from './model.js';
/**
 * `model` with `use` around every call (the first middleware outermost): the same name, info
 * and config schema, so whoever holds it (an agent, a flow, a fallback list) needs no `use` of its own.
 */
export declare function withMiddleware(model: Model, use: readonly ModelMiddleware[]): Model;
