import type { TransferDeploy } from '@callable-flows/kit/agent/test-utils/agent-fixtures.js';
import { cleanupAfterTtl, dispatchContinuations, type Expected, type FollowUpOutcome } from './matrix-follow-ups.js';
import { type MatrixWorld, type Settled, settle } from './matrix-world.js';

// Issue 32, part 3: a tool changed by a deploy while a call of it waited for a person. The call is
// asked under version 1 of `transfer`; then a deploy ships version 2 (its `cents` renamed
// `amountCents`, with a migration or without), renames the tool or removes it, and the person's
// approval reaches an instance of the new deploy; then a follow-up. What each must do is written
// here, from the deploy alone (whether the new tool can still run the call), never read back from
// what the kit stored.

/** What the deploy left the waiting call: runnable (migrated to version 2), or changed so it can't run. */
export interface AfterDeploy {
  deploy: TransferDeploy;
  /** The deployed tool still runs the call: it migrates the stored input. */
  runnable: boolean;
}

/** The deploys, each with what it leaves the waiting call. */
export const DEPLOYS: readonly AfterDeploy[] = (
  ['field renamed, migrated', 'field renamed', 'tool renamed', 'tool removed'] as const
).map((deploy) => ({ deploy, runnable: deploy === 'field renamed, migrated' }));

/** What the approval on the new deploy must do: run the migrated call once, or be refused with nothing written. */
export function approvalAfterDeploy(after: AfterDeploy): Expected {
  return after.runnable
    ? { outcome: 'done', runs: 1, sent: [], status: 'idle' }
    : { outcome: 'TOOL_CHANGED', runs: 0, sent: [], status: 'interrupted' };
}

/** One thing a client, a user or the cleanup does after the approval on the new deploy. */
export interface DeployFollowUp {
  name: string;
  /** What happens first and is not the call under test (the cleanup before a retry). */
  prepare?(w: MatrixWorld): Promise<unknown>;
  run(w: MatrixWorld, sessionId: string, ref: string, requestId: string | undefined): Promise<FollowUpOutcome>;
  expected(after: AfterDeploy): Expected;
  /** The request id the approving call carries (a retry by request id names the same one). */
  requestId?: string;
}

const alice = { uid: 'alice' };
const approval = (ref: string) => ({ resume: { restart: [{ ref, name: 'transfer' }] } });

/** The approval on an instance of the new deploy, with `requestId` if given. */
export function approveAfterDeploy(
  w: MatrixWorld,
  sessionId: string,
  ref: string,
  requestId: string | undefined,
): Promise<Settled> {
  return settle(w.agent().send(sessionId, approval(ref), { ...alice, ...(requestId ? { requestId } : {}) }));
}

/** Still refused, with nothing written: the deploy changed nothing since. */
const stillRefused: Expected = { outcome: 'TOOL_CHANGED', runs: 0, sent: [], status: 'interrupted' };
/** The migrated call ran and its turn finished: an answer is final. */
const answeredOnce: Expected = { outcome: 'ALREADY_ANSWERED', runs: 0, sent: [], status: 'idle' };

/** The follow-ups of an approval that reached the new deploy. */
export const DEPLOY_FOLLOW_UPS: readonly DeployFollowUp[] = [
  {
    name: 'a retry of the same call',
    run: (w, sessionId, ref) => approveAfterDeploy(w, sessionId, ref, undefined),
    expected: (after) => (after.runnable ? answeredOnce : stillRefused),
  },
  {
    name: 'a retry with the same request id',
    requestId: 'approve-1',
    run: (w, sessionId, ref, requestId) => approveAfterDeploy(w, sessionId, ref, requestId),
    // A finished call's request id gets its stored result; a refused call stored none: refused again.
    expected: (after) => (after.runnable ? { outcome: 'done', runs: 0, sent: [], status: 'idle' } : stillRefused),
  },
  {
    name: 'a deny',
    run: (w, sessionId, ref) =>
      settle(w.agent().send(sessionId, { resume: { decline: [{ ref, name: 'transfer', reason: 'no' }] } }, alice)),
    // A decline runs nothing: it is taken whatever the deploy did (the model is told it was declined).
    expected: (after) => (after.runnable ? answeredOnce : { outcome: 'done', runs: 0, sent: [], status: 'idle' }),
  },
  {
    name: 'a new message',
    run: (w, sessionId) => settle(w.agent().send(sessionId, { message: 'thanks' }, alice)),
    // A call the deploy changed can't hold the session: the message closes it as not run, and is answered.
    expected: () => ({ outcome: 'done', runs: 0, sent: ['thanks'], status: 'idle' }),
  },
  {
    name: 'the cleanup after the TTL',
    run: (w) => cleanupAfterTtl(w),
    // The cleanup expires a changed call as any other: it doesn't need the tool.
    expected: (after) => ({ outcome: 'cleaned', runs: 0, sent: [], status: after.runnable ? 'idle' : 'expired' }),
  },
  {
    name: 'the cleanup, then a retry',
    prepare: cleanupAfterTtl,
    run: (w, sessionId, ref) => approveAfterDeploy(w, sessionId, ref, undefined),
    expected: (after) =>
      after.runnable ? answeredOnce : { outcome: 'APPROVAL_EXPIRED', runs: 0, sent: [], status: 'expired' },
  },
  {
    name: 'the continuation by the server',
    run: async (w) => ({ server: await dispatchContinuations(w) }),
    // The refused approval began no turn; the migrated call's turn finished: nothing to go on with.
    expected: (after) => ({
      outcome: 'left alone',
      runs: 0,
      sent: [],
      status: after.runnable ? 'idle' : 'interrupted',
    }),
  },
];
