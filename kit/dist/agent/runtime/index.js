export { resolveAgent } from './agent-runtime.js';
export { assertSessionId, withSessionId } from './session-id.js';
//# sourceMappingURL=index.js.map