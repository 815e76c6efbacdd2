/** The session id a call's data names, if it names a plausible one (it is parsed properly later). */
export function requestedSessionId(data) {
    const id = data?.sessionId;
    return typeof id === 'string' && id.length > 0 && id.length <= 128 ? id : undefined;
}
/** The usage of an agent call's wire result (input + output tokens); zero for anything else. */
export function callUsage(result, fallbackSessionId) {
    const r = result;
    const count = (n) => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : 0);
    return {
        sessionId: typeof r?.sessionId === 'string' ? r.sessionId : fallbackSessionId,
        tokens: count(r?.usage?.inputTokens) + count(r?.usage?.outputTokens),
    };
}
//# sourceMappingURL=call-usage.js.map