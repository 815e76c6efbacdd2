import {
  historyLines,
  type LiveDoc,
  millis,
  type QueueDoc,
  type RunningStep,
  type SessionDoc,
  type SessionStatus,
  tailOf,
  turnOf,
} from '@callable-flows/protocol/session-doc';
import { type Conversation, conversationOf } from './conversation.js';
import type { FlowTypes } from './flow-types.js';
import { takenRequestsOf } from './taken-requests.js';
import { liveOf, type WatchedLive } from './watched-live.js';
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

/** A live, typed view of one session: its conversation, and where the session stands. */
export interface SessionView<T extends FlowTypes = FlowTypes> extends Conversation<T>, WatchedOutputs<T> {
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
   * holds them (then they are the last of `messages`).
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
  const messages = lines && parseMessages(lines);
  if (!messages) return undefined;
  return {
    id: doc.id,
    agent: doc.agent,
    status: doc.status,
    version: doc.version,
    updatedAt: millis(doc.updatedAt),
    running: runOf(doc),
    ...conversationOf<T>(doc, messages),
    ...outputsOf<T>(doc),
    error: doc.error ?? undefined,
    queued: queuedOf(doc, queue),
    takenRequests: takenRequestsOf(doc),
    live: liveOf(doc, messages.length, live),
    fromCache,
  };
}
