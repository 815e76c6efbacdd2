/** The caller context of a callable request. */
export function callerContext(request) {
    const context = {};
    if (request.auth)
        context.auth = { uid: request.auth.uid, token: { ...request.auth.token } };
    if (request.app)
        context.app = { appId: request.app.appId };
    return context;
}
/** The caller's uid from a tool's or flow's `ctx.context`, or undefined when not signed in. */
export function callerUid(context) {
    const auth = context.auth;
    if (typeof auth !== 'object' || auth === null)
        return undefined;
    const uid = auth.uid;
    return typeof uid === 'string' && uid ? uid : undefined;
}
//# sourceMappingURL=caller-context.js.map