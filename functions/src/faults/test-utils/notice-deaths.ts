import { runCleanup } from '@callable-flows/kit/cleanup/index.js';
import type { ApprovalNotices, SessionStore, WaitingApproval } from '@callable-flows/kit/session/index.js';
import { cleanupAfterTtl, dispatchContinuations, type FollowUpOutcome } from './matrix-follow-ups.js';
import { type MatrixWorld, settle } from './matrix-world.js';

// Issue 32, part 2: the instance that is to tell a person that an approval waits (`onApprovalWaiting`)
// dies after the commit that made the call wait: before its claim, holding its claim before the
// push went out, or frozen between its claim's read and its write (which lands after the
// follow-up's writes). Then a follow-up. What each must do is written here, from the follow-up alone
// (whether the call still waits after it, whether it tells), never read back from what the kit
// stored; every pair is then held to the invariants: told at most once, told by the cleanup once
// the claim lapsed if it still waits, never told if it was answered or closed meanwhile.

/** How long the cleanup leaves an untold approval to its turn's own notice (its default). */
export const NOTICE_GRACE_MS = 10 * 60_000;
/** How long a notice's claim holds (the kit's default): past it, a dead claimant's claim has lapsed. */
export const CLAIM_MS = 2 * 60_000;

/** The dying instance: the store its agent runs on, its hook, and when the death has struck. */
export interface DyingInstance {
  store: SessionStore;
  hook: (approval: WaitingApproval) => Promise<void> | void;
  /** Resolves once the death has struck (the turn's notices ended, or its claim froze after its read). */
  struck(noticesEnded: () => Promise<unknown>): Promise<unknown>;
  /** A frozen instance comes back and goes on with its claim (its write after whatever came meanwhile). */
  thaw?(): void;
}

/** Where the notifying instance died. */
export interface NoticeDeath {
  name: string;
  /** The notice's claim the death leaves on the inbox document (a claim with no `sentAt`), or none. */
  claimed: boolean;
  /** The dying instance on `w`; `tell` is the push it makes if it ever gets that far. */
  dying(w: MatrixWorld, tell: (approval: WaitingApproval) => void): DyingInstance;
  /**
   * Notices the death itself sends late, given what the follow-up does: a frozen claimant's write
   * goes through only where nothing wrote the inbox document meanwhile (the call still waits, and
   * the follow-up told nothing: a cleanup's claim is a write too).
   */
  tellsLate(expected: NoticeExpected): 0 | 1;
}

const died = (what: string) => new Error(`the instance died ${what}`);

/** `store` with its approvals inbox replaced by `approvals(inbox)`. */
function withNotices(
  store: MatrixWorld['store'],
  approvals: (inbox: ApprovalNotices) => ApprovalNotices,
): SessionStore {
  const inbox = approvals(store.approvals);
  return new Proxy(store, {
    get(target, key) {
      if (key === 'approvals') return inbox;
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** The ways the notifying instance dies after the commit that made the call wait. */
export const NOTICE_DEATHS: readonly NoticeDeath[] = [
  {
    name: 'the hook’s instance dying after the commit, before the claim',
    claimed: false,
    dying: (w) => ({
      // The turn answered its caller; its instance is gone before the claim reaches Firestore.
      store: withNotices(w.store, (inbox) => ({ ...inbox, claim: () => Promise.reject(died('before the claim')) })),
      hook: () => Promise.reject(died('before the hook')),
      struck: (noticesEnded) => noticesEnded(),
    }),
    tellsLate: () => 0,
  },
  {
    name: 'the hook’s instance dying before the push (claim taken, no sentAt)',
    claimed: true,
    dying: (w) => ({
      store: w.store,
      hook: () => Promise.reject(died('before the push')),
      struck: (noticesEnded) => noticesEnded(),
    }),
    tellsLate: () => 0,
  },
  {
    name: 'the hook’s instance frozen between its claim’s read and its write',
    claimed: false,
    dying: (w, tell) => {
      let read: () => void = () => undefined;
      const readDone = new Promise<void>((resolve) => {
        read = resolve;
      });
      let thaw: () => void = () => undefined;
      const thawed = new Promise<void>((resolve) => {
        thaw = resolve;
      });
      const notices = w.store.approvals;
      // The claim reads the inbox document, then the instance freezes until `thaw`; its write comes after.
      const frozen: typeof notices = Object.create(notices);
      frozen.ref = (call) => {
        const doc = notices.ref(call);
        return new Proxy(doc, {
          get(target, key) {
            if (key !== 'get') return Reflect.get(target, key, target);
            return async () => {
              const snap = await target.get();
              read();
              await thawed;
              return snap;
            };
          },
        });
      };
      return { store: withNotices(w.store, () => frozen), hook: tell, struck: () => readDone, thaw };
    },
    tellsLate: (expected) => (expected.waits && expected.tells === 0 ? 1 : 0),
  },
];

/** What a follow-up must do, from the follow-up alone. */
export interface NoticeExpected {
  /** The call still waits for a person after the follow-up (nothing answered or closed it). */
  waits: boolean;
  /** Notices the follow-up itself sends (the cleanup's, once the claim lapsed). */
  tells: 0 | 1;
}

/** One thing a client, a user, the cleanup or the server does after the death. */
export interface NoticeFollowUp {
  name: string;
  run(
    w: MatrixWorld,
    sessionId: string,
    ref: string,
    hook: (approval: WaitingApproval) => void,
  ): Promise<FollowUpOutcome>;
  expected: NoticeExpected;
}

const alice = { uid: 'alice' };

/** The cleanup `afterMs` on, telling through `hook`; it must run without errors. */
export async function cleanupTelling(
  w: MatrixWorld,
  afterMs: number,
  hook: (approval: WaitingApproval) => void,
): Promise<'cleaned'> {
  w.clock.advance(afterMs);
  const report = await runCleanup({ store: w.store, clock: w.clock.now, onApprovalWaiting: hook });
  if (report.errors !== 0 || report.noticeFailures !== 0)
    throw new Error(`the cleanup failed: ${JSON.stringify(report)}`);
  return 'cleaned';
}

/** The follow-ups of a notifying instance's death. */
export const NOTICE_FOLLOW_UPS: readonly NoticeFollowUp[] = [
  {
    name: 'a retry of the call that asked (same request id, another instance)',
    run: (w, sessionId) =>
      settle(w.agent().send(sessionId, { message: 'send 5 euros' }, { ...alice, requestId: 'ask-1' })),
    // The retry gets the stored interrupt: its commit made nothing wait anew, so it tells nothing.
    expected: { waits: true, tells: 0 },
  },
  {
    name: 'the approval',
    run: (w, sessionId, ref) =>
      settle(w.agent().send(sessionId, { resume: { restart: [{ ref, name: 'transfer' }] } }, alice)),
    expected: { waits: false, tells: 0 },
  },
  {
    name: 'a deny',
    run: (w, sessionId, ref) =>
      settle(w.agent().send(sessionId, { resume: { decline: [{ ref, name: 'transfer', reason: 'no' }] } }, alice)),
    expected: { waits: false, tells: 0 },
  },
  {
    name: 'a new message',
    run: (w, sessionId) => settle(w.agent().send(sessionId, { message: 'thanks' }, alice)),
    // Refused while the approval waits (INTERRUPT_PENDING): it changes nothing, tells nothing.
    expected: { waits: true, tells: 0 },
  },
  {
    name: 'the cleanup within its grace period',
    run: (w, _sessionId, _ref, hook) => cleanupTelling(w, 0, hook),
    expected: { waits: true, tells: 0 },
  },
  {
    name: 'the cleanup once the claim lapsed',
    run: (w, _sessionId, _ref, hook) => cleanupTelling(w, NOTICE_GRACE_MS + CLAIM_MS, hook),
    expected: { waits: true, tells: 1 },
  },
  {
    name: 'the cleanup after the TTL',
    run: (w) => cleanupAfterTtl(w),
    // The call expires: it no longer waits, and nobody is told of it.
    expected: { waits: false, tells: 0 },
  },
  {
    name: 'the continuation by the server',
    run: async (w) => ({ server: await dispatchContinuations(w) }),
    // The asking turn finished (it waits for a person): nothing to go on with.
    expected: { waits: true, tells: 0 },
  },
];
