import type { WireInterruptMetadata } from '@callable-flows/client';
import { inputDigestOf } from '@callable-flows/protocol/call-state';
import type { HistoryMessage, HistoryPart, SessionStatus } from './history.js';
import { isHiddenTool } from './tool-presentation.js';

/** Where an approval stands. */
export type ApprovalState = 'pending' | 'approved' | 'denied' | 'expired';

/** A tool call the model made, with its output once it has one. */
export interface ToolEntry {
  kind: 'tool';
  ref: string;
  name: string;
  input: unknown;
  output?: unknown;
  /** True when the call ended in an error the kit recorded (it failed, or a stop left it unfinished): `output` says what. */
  failed?: true;
}

/** A tool call that asked the person first. */
export interface ApprovalEntry {
  kind: 'approval';
  ref: string;
  name: string;
  input: unknown;
  metadata: WireInterruptMetadata;
  state: ApprovalState;
  /** What the tool (or the person's answer) gave back, once it was answered. */
  output?: unknown;
  /** The person's reason, when they declined and gave one. */
  reason?: string;
  /** The server's digest of the input shown, while it waits: the approval sends it back (a stale one is refused). */
  inputDigest?: string;
}

/** One thing the conversation shows, in order. */
export type TranscriptEntry =
  | { kind: 'user'; text: string }
  | { kind: 'assistant'; text: string }
  | ToolEntry
  | ApprovalEntry;

// Text the kit adds for the model (retrieved documents, output instructions) carries a purpose.
const shownText = (part: HistoryPart): string =>
  part.text !== undefined && part.metadata?.purpose === undefined ? part.text : '';

function requestEntry(part: HistoryPart, status: SessionStatus): ToolEntry | ApprovalEntry {
  const entry = askedEntry(part, status);
  // Mid-turn, a finished call's result is stamped on its request until the turn stores its answers.
  if (part.metadata && 'pendingOutput' in part.metadata) entry.output = part.metadata.pendingOutput;
  return entry;
}

function askedEntry(part: HistoryPart, status: SessionStatus): ToolEntry | ApprovalEntry {
  const request = part.toolRequest as NonNullable<HistoryPart['toolRequest']>;
  const base = { ref: request.ref ?? request.name, name: request.name, input: request.input };
  const waiting = part.metadata?.interrupt;
  const asked = waiting ?? part.metadata?.resolvedInterrupt;
  if (asked === undefined) return { kind: 'tool', ...base };
  const metadata = (typeof asked === 'object' && asked !== null ? asked : true) as WireInterruptMetadata;
  if (waiting !== undefined) {
    const inputDigest = inputDigestOf(part);
    const state = status === 'expired' ? 'expired' : 'pending';
    return { kind: 'approval', ...base, metadata, state, ...(inputDigest === undefined ? {} : { inputDigest }) };
  }
  // A restart (the person approved) re-runs the call and marks it `resumed`.
  return { kind: 'approval', ...base, metadata, state: part.metadata?.resumed !== undefined ? 'approved' : 'denied' };
}

const DECLINED = /^the user declined(?::\s*(.*))?$/is;

/**
 * The reason of a declined call, from its stored answer: the decline's own record
 * (`metadata.declined.reason`), or its output: a `reason` (or `message`, `error`) field or the
 * text itself, with the standard words the model was given ("the user declined: …") taken off.
 */
export function declineReasonOf(part: HistoryPart): string | undefined {
  const declined = part.metadata?.declined as { reason?: unknown } | undefined;
  if (typeof declined?.reason === 'string' && declined.reason) return declined.reason;
  const output = part.toolResponse?.output;
  const fields = (typeof output === 'object' && output !== null ? output : {}) as Record<string, unknown>;
  const said = [output, fields.reason, fields.message, fields.error].find((value) => typeof value === 'string');
  if (typeof said !== 'string') return undefined;
  const standard = DECLINED.exec(said.trim());
  if (standard) return standard[1]?.trim() || undefined;
  return said || undefined;
}

function applyResponse(entry: ToolEntry | ApprovalEntry | undefined, part: HistoryPart): void {
  if (!entry) return;
  entry.output = part.toolResponse?.output;
  if (entry.kind !== 'approval') {
    if (part.metadata?.toolError !== undefined) entry.failed = true;
    return;
  }
  if (entry.state === 'denied') {
    const reason = declineReasonOf(part);
    if (reason) entry.reason = reason;
  }
  const error = part.metadata?.toolError as { code?: unknown } | undefined;
  // The cleanup job answers a call nobody approved in time with a deadline-exceeded tool error.
  if (error?.code === 'deadline-exceeded' && entry.state !== 'approved') entry.state = 'expired';
}

/**
 * What a stored conversation shows: the user's and the assistant's words, each tool call
 * with its output (but the hidden ones, tool-presentation.ts), and each approval with where it stands (`status` tells whether a waiting
 * one can still be answered).
 */
export function transcriptOf(history: readonly HistoryMessage[], status: SessionStatus): TranscriptEntry[] {
  const entries: TranscriptEntry[] = [];
  const calls = new Map<string, ToolEntry | ApprovalEntry>();
  const say = (kind: 'user' | 'assistant', text: string): void => {
    const last = entries.at(-1);
    if (last?.kind === kind) last.text += text;
    else if (text.trim()) entries.push({ kind, text });
  };
  for (const message of history) {
    for (const part of message.content) {
      if (message.role === 'user' || message.role === 'model') {
        const text = shownText(part);
        if (text) say(message.role === 'user' ? 'user' : 'assistant', text);
      }
      if (message.role === 'model' && part.toolRequest && !isHiddenTool(part.toolRequest.name)) {
        const entry = requestEntry(part, status);
        calls.set(entry.ref, entry);
        entries.push(entry);
      }
      if (message.role === 'tool' && part.toolResponse) {
        applyResponse(calls.get(part.toolResponse.ref ?? part.toolResponse.name), part);
      }
    }
  }
  return entries;
}
