import { composeMiddleware } from './compose-middleware.js';
/**
 * `model` with `use` around every call (the first middleware outermost): the same name, info
 * and config schema, so whoever holds it (an agent, a flow, a fallback list) needs no `use` of its own.
 */
export function withMiddleware(model, use) {
    if (!use.length)
        return model;
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
//# sourceMappingURL=with-middleware.js.map