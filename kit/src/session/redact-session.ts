import { environmentSecrets, redactValue } from '../trace/index.js';
import type { Session } from './session-schema.js';
import { sharedPrefix } from './shared-prefix.js';

/**
 * `next` with API keys, secrets and auth tokens taken out of what it adds to `before`: new
 * messages (a tool error that quotes a URL with a key, say), stored results, the summary and
 * the error. Messages `before` already holds were cleaned when they were written, and keep their
 * identity, so the store still writes only what changed.
 */
export function redactSession(before: Session, next: Session): Session {
  const secrets = environmentSecrets();
  const keep = sharedPrefix(before.history, next.history);
  const added = next.history.slice(keep);
  const cleaned = redactValue(added, secrets);
  const out: Session = { ...next, results: redactValue(next.results, secrets) };
  if (cleaned !== added) out.history = [...next.history.slice(0, keep), ...cleaned];
  if (next.summary) out.summary = redactValue(next.summary, secrets);
  if (next.state !== undefined) out.state = redactValue(next.state, secrets);
  if (next.error) out.error = redactValue(next.error, secrets);
  return out;
}
