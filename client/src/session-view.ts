import {
  answerOf,
  askedOf,
  type CallState,
  callStateOf,
  declineReasonOf,
  inputDigestOf,
  isWaiting,
  type StampedCall,
} from '@callable-flows/protocol/call-state';
import {
  historyLines,
  millis,
  outcomeOf,
  type QueueDoc,
  type RunningStep,
  type SessionDoc,
  type SessionStatus,
  type TurnOutcome,
  tailOf,
  turnOf,
} from '@callable-flows/protocol/session-doc';
import type { FlowInterrupt, FlowTypes } from './flow-types.js';

// A session as `watch` shows it, decoded from the session document (the protocol's codec) and
// the lines of its history. A call's stamps are read with the protocol's call-state codec, as the kit reads them.

/** A part of a stored message. Only the fields an app shows are typed; the rest is passed over. */
export interface WatchedPart {
  text?: string;
  reasoning?: string;
  toolRequest?: { name: string; ref?: string; input?: unknown };
  toolResponse?: { name: string; ref?: string; output?: unknown };
  metadata?: Record<string, unknown>;
}

/** A stored message (system prompts are never stored). */
export interface WatchedMessage {
  role: 'user' | 'model' | 'tool';
  content: WatchedPart[];
}

/** How a person answered an interrupt; `closed` when a new message closed it unanswered. */
export type DecisionKind = 'restart' | 'respond' | 'decline' | 'closed';

/** A person's decision on an interrupt, as journaled. */
export interface Decision {
  ref: string;
  name: string;
  kind: DecisionKind;
  /** The reason given with a decline. */
  reason?: string;
}

/** An interrupt of the session: `waiting` for a person, or `decided` (with its decision). */
export type WatchedInterrupt<T extends FlowTypes = FlowTypes> = FlowInterrupt<T> &
  ({ state: 'waiting'; decision?: undefined } | { state: 'decided'; decision: Decision });

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
 * A call of the session's open round (its last message, the model's, whose calls have no
 * responses yet) and where it stands: `running` while its turn runs, `unknown` when the turn
 * ended without its result (it may have run), `skipped` when the turn stopped at its limit
 * before it; `waiting`, `approved`, `answered`, `declined`, `done` or `failed` by its stamps.
 */
export interface WatchedCall {
  ref: string;
  name: string;
  state: CallState;
}

/** A message waiting in the session's queue (sent while a turn ran, to an agent that queues). */
export interface WatchedQueued {
  /** The request id its turn will run under: a retry with it gets that turn's result. */
  requestId: string;
  message: WatchedMessage;
  /** When it was queued (epoch ms). */
  at: number;
  /** Its place: 1 is the next to run. */
  position: number;
}

/** A live, typed view of one session. */
export interface SessionView<T extends FlowTypes = FlowTypes> {
  id: string;
  agent: string;
  status: SessionStatus;
  /** Goes up by one with every write of the session. */
  version: number;
  updatedAt: number;
  /** The running turn; undefined when none runs. */
  running: WatchedRun | undefined;
  messages: WatchedMessage[];
  /** The calls of the open round, in the model's order; empty when no round is open. */
  calls: WatchedCall[];
  /** Every interrupt of the conversation, oldest first. */
  interrupts: WatchedInterrupt<T>[];
  /** The decisions of the decided interrupts, oldest first. */
  decisions: Decision[];
  /** Why the last turn failed. */
  error: { code: string; message: string } | undefined;
  /**
   * How the last turn ended: `done`, `interrupted`, `stopped` (`stoppedBy`: the owner's uid, the
   * stop's request id and client id, when it was asked), `failed` (`failure`: its code and
   * reason), `expired`; undefined while a turn runs (and for a session stored before outcomes were).
   */
  outcome: TurnOutcome | undefined;
  /** The messages waiting for the running turn (or an interrupt's answer), oldest first; empty when none waits. */
  queued: WatchedQueued[];
  /** True when this view came from the SDK's cache (offline, or before the server answered). */
  fromCache: boolean;
}

const isMessage = (value: unknown): value is WatchedMessage =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as WatchedMessage).role === 'string' &&
  Array.isArray((value as WatchedMessage).content);

/** The messages of a history's lines; undefined when a line is not one. */
export function parseMessages(lines: readonly string[]): WatchedMessage[] | undefined {
  const messages: WatchedMessage[] = [];
  for (const line of lines) {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return undefined;
    }
    if (!isMessage(value)) return undefined;
    messages.push(value);
  }
  return messages;
}

function decisionOf(ref: string, name: string, part: StampedCall): Decision {
  const kind: DecisionKind = answerOf(part) ?? 'closed';
  const reason = declineReasonOf(part);
  return reason === undefined ? { ref, name, kind } : { ref, name, kind, reason };
}

/** The interrupts of `messages`, read off the stamps of their tool requests. */
export function interruptsOf<T extends FlowTypes>(sessionId: string, messages: readonly WatchedMessage[]) {
  const interrupts: WatchedInterrupt<T>[] = [];
  for (const message of messages) {
    if (message.role !== 'model') continue;
    for (const part of message.content) {
      const request = part.toolRequest;
      const asked = askedOf(part);
      if (!request || asked === undefined) continue;
      const ref = request.ref ?? '';
      const digest = inputDigestOf(part);
      const base = {
        sessionId,
        ref,
        name: request.name,
        input: request.input,
        metadata: asked,
        ...(digest === undefined ? {} : { inputDigest: digest }),
      };
      const decided = { state: 'decided', decision: decisionOf(ref, request.name, part) };
      interrupts.push({ ...base, ...(isWaiting(part) ? { state: 'waiting' } : decided) } as WatchedInterrupt<T>);
    }
  }
  return interrupts;
}

/** The calls of the open round of `messages`, each where it stands in a session of status `status`. */
export function openCallsOf(messages: readonly WatchedMessage[], status: SessionStatus): WatchedCall[] {
  const last = messages.at(-1);
  if (last?.role !== 'model') return [];
  const calls: WatchedCall[] = [];
  for (const part of last.content) {
    const request = part.toolRequest;
    if (request) calls.push({ ref: request.ref ?? '', name: request.name, state: callStateOf(part, status) });
  }
  return calls;
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
 * The messages of queue document `queue` still waiting: its head leaves the queue only once its
 * turn was journaled, so an item whose request id is the session's running (or last) turn's is
 * shown in `messages` and `running`, not here.
 */
export function queuedOf(doc: SessionDoc, queue: QueueDoc | undefined): WatchedQueued[] {
  const turnRequestId = turnOf(doc.turn)?.requestId;
  const queued: WatchedQueued[] = [];
  for (const item of queue?.items ?? []) {
    if (item.requestId === turnRequestId) continue;
    const message = parseMessages([item.message])?.[0];
    if (!message) continue;
    queued.push({ requestId: item.requestId, message, at: item.at, position: queued.length + 1 });
  }
  return queued;
}

/**
 * The view of session document `doc` whose sealed chunks hold `chunkTexts` (in order), with the
 * messages its queue document `queue` holds (none without one); undefined when they don't add up to its layout (a chunk and the document were read at
 * different versions: the next snapshot completes it).
 */
export function toSessionView<T extends FlowTypes = FlowTypes>(
  doc: SessionDoc,
  chunkTexts: readonly string[],
  fromCache: boolean,
  queue?: QueueDoc,
): SessionView<T> | undefined {
  const lines = historyLines(doc.history, chunkTexts, tailOf(doc.history));
  const messages = lines && parseMessages(lines);
  if (!messages) return undefined;
  const interrupts = interruptsOf<T>(doc.id, messages);
  return {
    id: doc.id,
    agent: doc.agent,
    status: doc.status,
    version: doc.version,
    updatedAt: millis(doc.updatedAt),
    running: runOf(doc),
    messages,
    calls: openCallsOf(messages, doc.status),
    interrupts,
    decisions: interrupts.flatMap((i) => (i.state === 'decided' ? [i.decision] : [])),
    error: doc.error ?? undefined,
    outcome: outcomeOf(doc.outcome),
    queued: queuedOf(doc, queue),
    fromCache,
  };
}
