import type { CallableOptions } from 'firebase-functions/v2/https';
import type { TraceSink } from '../trace/trace-sink.js';
import type { AuthPolicy } from './auth-policy.js';
import type { MediaPolicy } from './media-policy.js';

/**
 * Options of {@link onCallFlow}: everything `onCall` takes (region, memory, timeoutSeconds,
 * concurrency, minInstances, cors, enforceAppCheck, consumeAppCheckToken, heartbeatSeconds,
 * secrets, …), passed through unchanged, with the kit's own `authPolicy` and `traces`.
 */
export interface OnCallFlowOptions extends Omit<CallableOptions<unknown>, 'authPolicy'> {
  /** Who may call; default {@link signedIn}. Agents need a uid whatever the policy says. */
  authPolicy?: AuthPolicy;
  /** Where each agent turn's trace goes; default one structured log entry per turn; `false` for none. */
  traces?: TraceSink | TraceSink[] | false;
  /**
   * What media an agent's callers may put in a message: inline up to a size, URLs only from an
   * allowlist (default none). A flow's input is its own schema's to check.
   */
  media?: MediaPolicy;
}
