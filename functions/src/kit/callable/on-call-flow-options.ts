import type { CallableOptions } from 'firebase-functions/v2/https';
import type { TraceSink } from '../trace/trace-sink.js';
import type { AppCheckSetting } from './app-check.js';
import type { AuthPolicy } from './auth-policy.js';
import type { UsageLimits } from './limits/usage-limits.js';
import type { MediaPolicy } from './media-policy.js';

/**
 * Options of {@link onCallFlow}: everything `onCall` takes (region, memory, timeoutSeconds,
 * concurrency, minInstances, cors, consumeAppCheckToken, heartbeatSeconds, secrets, …), passed
 * through unchanged, with the kit's own `authPolicy`, `allowAnonymous`, `enforceAppCheck`,
 * `limits` and `traces`.
 */
export interface OnCallFlowOptions extends Omit<CallableOptions<unknown>, 'authPolicy' | 'enforceAppCheck'> {
  /** Who may call; default {@link signedIn}. Agents need a uid whatever the policy says. */
  authPolicy?: AuthPolicy;
  /** Let anonymously signed-in users call (a flow opts in). Default false: `unauthenticated`. */
  allowAnonymous?: boolean;
  /**
   * Refuse calls without a verified App Check token (`unauthenticated`, reason
   * `APP_CHECK_REQUIRED`); `'unless-emulator'` requires it everywhere but the Firebase emulator.
   * The kit checks it (the platform still verifies any token sent). Default false.
   */
  enforceAppCheck?: AppCheckSetting;
  /** Per-user rate limit and token budgets (signed-in callers); default none. */
  limits?: UsageLimits | false;
  /** Where each agent turn's trace goes; default one structured log entry per turn; `false` for none. */
  traces?: TraceSink | TraceSink[] | false;
  /**
   * What media an agent's callers may put in a message: inline up to a size, URLs only from an
   * allowlist (default none). A flow's input is its own schema's to check.
   */
  media?: MediaPolicy;
}
