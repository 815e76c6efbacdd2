/** Chains middleware around `last`; the first middleware is the outermost. */
export function composeMiddleware(middleware, last) {
    let next = last;
    for (let i = middleware.length - 1; i >= 0; i--) {
        const step = middleware[i];
        const inner = next;
        next = (request, options) => step(request, options, inner);
    }
    return next;
}
//# sourceMappingURL=compose-middleware.js.map