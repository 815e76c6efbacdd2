import {
  artifactsOn,
  branchesOf,
  historyLines,
  type LiveDoc,
  millis,
  outcomeOf,
  type QueueDoc,
  type RunningStep,
  type SessionDoc,
  type SessionStatus,
  snapshotsOf,
  tailOf,
  turnOf,
} from '@callable-flows/protocol/session-doc';
import { type BranchLayout, branchLayout } from './branch-view.js';
import { type Conversation, conversationOf, conversationOn } from './conversation.js';
import { FlowError } from './flow-error.js';
import type { FlowTypes } from './flow-types.js';
import { takenRequestsOf } from './taken-requests.js';
import { liveOf, type WatchedLive, withUnjournaledSteps } from './watched-live.js';
import { parseMessages } from './watched-message.js';
import { outputsOf, type WatchedOutputs } from './watched-outputs.js';
import { queuedOf, type WatchedQueued } from './watched-queued.js';

// A session as `watch` shows it, decoded from the session document (the protocol's codec) and
// the lines of its history.

/** The turn that holds the session, as of the journal's last write. */
export interface WatchedRun {
  /** When the turn began (epoch ms). */
  since: number;
  kind: 'message' | 'resume';
  requestId: string | undefined;
  /** `model`: the model is called next (or now); `tools`: the calls named by `refs` run. */
  step: RunningStep;
  refs: string[];
  /** When the turn's lease lapses (epoch ms): past it with no new write, its instance has stopped. */
  leaseExpiresAt: number | undefined;
}

/**
 * A live, typed view of one session: its conversation (the head branch's, or the one `showBranch`
 * picked), its branches, its outputs (artifacts, state), and where the session stands.
 */
export interface SessionView<T extends FlowTypes = FlowTypes> extends Conversation<T>, BranchLayout, WatchedOutputs<T> {
  id: string;
  agent: string;
  status: SessionStatus;
  /** Goes up by one with every write of the session. */
  version: number;
  updatedAt: number;
  /** The running turn; undefined when none runs. */
  running: WatchedRun | undefined;
  /** Why the last turn failed. */
  error: { code: string; message: string } | undefined;
  /** The messages waiting for the running turn (or an interrupt's answer), oldest first; empty when none waits. */
  queued: WatchedQueued[];
  /** The request ids of the calls whose turns the session took (its last 64 with ids): a message sent with one of them is in `messages`. */
  takenRequests: string[];
  /**
   * The words the running turn's model is streaming now, from the server (every device and a
   * reload see them, not only the tab that asked): undefined when none stream, or once the journal
   * holds them (then they are the last of `messages`). While they stream, `messages` also holds
   * the turn's steps before them that its journal has not stored yet (rounds of tools declared
   * `sideEffects: 'none'`, carried by the same live document), so the whole turn shows in order.
   */
  live: WatchedLive | undefined;
  /** True when this view came from the SDK's cache (offline, or before the server answered). */
  fromCache: boolean;
}

function runOf(doc: SessionDoc): WatchedRun | undefined {
  const running = doc.running;
  const turn = turnOf(doc.turn);
  if (!running || !turn || doc.status !== 'running') return undefined;
  return {
    since: turn.startedAt,
    kind: turn.kind,
    requestId: turn.requestId,
    step: running.step,
    refs: running.refs,
    leaseExpiresAt: doc.lease ? millis(doc.lease.expiresAt) : undefined,
  };
}

/**
 * The view of session document `doc` whose sealed chunks hold `chunkTexts` (in order), with the
 * messages its queue document `queue` holds (none without one) and the running round's words of its live document `live`; undefined when they don't add up to its layout (a chunk and the document were read at
 * different versions: the next snapshot completes it).
 */
export function toSessionView<T extends FlowTypes = FlowTypes>(
  doc: SessionDoc,
  chunkTexts: readonly string[],
  fromCache: boolean,
  queue?: QueueDoc,
  live?: LiveDoc,
): SessionView<T> | undefined {
  const lines = historyLines(doc.history, chunkTexts, tailOf(doc.history));
  const journal = lines && parseMessages(lines);
  if (!journal) return undefined;
  // A forked session's history is the journal of every branch: the view shows the head's.
  const shown = branchLayout(journal, branchesOf(doc.branches), snapshotsOf(doc.snapshots));
  if (!shown) return undefined;
  const { messages: head, ...layout } = shown;
  const messages = withUnjournaledSteps(doc, head, live);
  return {
    id: doc.id,
    agent: doc.agent,
    status: doc.status,
    version: doc.version,
    updatedAt: millis(doc.updatedAt),
    running: runOf(doc),
    ...conversationOf<T>(doc, messages),
    ...layout,
    ...outputsOf<T>(doc, layout.branches, layout.branch),
    error: doc.error ?? undefined,
    queued: queuedOf(doc, queue),
    takenRequests: takenRequestsOf(doc),
    live: liveOf(doc, messages.length, live),
    fromCache,
  };
}

/**
 * `view` (as `watch` delivers it, showing the head) showing branch `branch` instead: its messages,
 * calls, interrupts, results and artifacts, read from the journal the view already holds (no call, no read).
 * On a branch that is not the head nothing runs: a call left waiting there is `superseded`, and
 * its outcome is its last snapshot's. The next `send` still goes on from the head; an edit on the
 * shown branch (`editMessage`) goes on from its snapshots. An app keeps the branch a person picked
 * and applies it to each view `watch` delivers; the head is that view itself.
 */
export function showBranch<T extends FlowTypes>(view: SessionView<T>, branch: string): SessionView<T> {
  if (branch === view.branch) return view;
  if (view.branch !== view.head) {
    throw new FlowError('failed-precondition', 'show a branch of a view that shows the head (as watch delivers it)');
  }
  const shown = branchLayout(view.journal, view.branches, view.snapshots, branch);
  if (!shown) throw new FlowError('not-found', `session '${view.id}' has no branch '${branch}'`);
  const { messages, ...layout } = shown;
  const artifacts = artifactsOn(view.artifactVersions, view.branches, branch);
  const last = view.snapshots.findLast((s) => s.branch === branch);
  const conversation = conversationOn<T>(view.id, messages, 'idle', last && outcomeOf(JSON.stringify(last.outcome)));
  const interrupts = conversation.interrupts.map((i) =>
    i.state === 'waiting' ? { ...i, state: 'superseded' as const } : i,
  );
  const idle = { running: undefined, live: undefined, queued: [] };
  return { ...view, ...layout, ...conversation, interrupts, artifacts, ...idle };
}
