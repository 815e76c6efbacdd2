import { environmentSecrets, redactValue } from '../trace/index.js';
/** How many leading messages two histories share by identity (stored messages are never edited in place). */
function sharedPrefix(a, b) {
    const n = Math.min(a.length, b.length);
    let i = 0;
    while (i < n && a[i] === b[i])
        i++;
    return i;
}
/**
 * `next` with API keys, secrets and auth tokens taken out of what it adds to `before`: new
 * messages (a tool error that quotes a URL with a key, say), stored results, the summary and
 * the error. Messages `before` already holds were cleaned when they were written, and keep their
 * identity, so the store still writes only what changed.
 */
export function redactSession(before, next) {
    const secrets = environmentSecrets();
    const keep = sharedPrefix(before.history, next.history);
    const added = next.history.slice(keep);
    const cleaned = redactValue(added, secrets);
    const out = { ...next, results: redactValue(next.results, secrets) };
    if (cleaned !== added)
        out.history = [...next.history.slice(0, keep), ...cleaned];
    if (next.summary)
        out.summary = redactValue(next.summary, secrets);
    if (next.state !== undefined)
        out.state = redactValue(next.state, secrets);
    if (next.error)
        out.error = redactValue(next.error, secrets);
    return out;
}
//# sourceMappingURL=redact-session.js.map