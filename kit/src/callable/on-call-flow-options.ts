import type { CallableOptions } from 'firebase-functions/v2/https';
import type { TraceSink } from '../trace/trace-sink.js';
import type { AppCheckSetting } from './app-check.js';
import type { AuthPolicy } from './auth-policy.js';
import type { OnDisconnect } from './call-signal.js';
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
  /**
   * What a call does when its client goes away (a closed tab, an app sent to the background):
   * `finish` runs the turn to its end or next interrupt and journals it (the function's own
   * deadline still stops it), so the client sees it on `watch` or gets the stored result by
   * retrying its `requestId`; `cancel` stops it there (stored `cancelled`). Default `finish`
   * for agents, `cancel` for flows (a flow's result is stored nowhere).
   */
  onDisconnect?: OnDisconnect;
}
