import { createHash } from 'node:crypto';
import { openRoundOf } from '../../call-state/index.js';
import type { Message, Part, ToolRequestPart } from '../../model/index.js';

// What a waiting call kept (`interrupt(…, { keep })`: an MCP server's `requestState`) is the
// server's alone: the session document and its history chunks are its owner's to read (the
// rules let them), so a history line carries only its digest (`keptDigest`), and the state lies
// in a document beside the session that no rule lets a client read (`control/kept`), written in
// the same batch as the line. A load gives each call of the open round its state back, byte for
// byte, once the digest matches.

/** The id of the kept-state document in the session's control collection (server only: no rule reads it). */
export const KEPT_DOC_ID = 'kept';

const digestOf = (text: string): string => createHash('sha256').update(text).digest('hex');

const keeps = (part: Part): part is ToolRequestPart =>
  'toolRequest' in part && (part as ToolRequestPart).metadata?.keptState !== undefined;

/** The call as its history line stores it: its kept state's digest in place of the state. */
function withDigest(part: ToolRequestPart): ToolRequestPart {
  const { keptState, ...metadata } = part.metadata ?? {};
  return { ...part, metadata: { ...metadata, keptDigest: digestOf(JSON.stringify(keptState)) } };
}

/** `message` as a history line stores it: no call's kept state in it, only its digest. */
export function storedMessage(message: Message): Message {
  if (message.role !== 'model' || !message.content.some(keeps)) return message;
  return { ...message, content: message.content.map((part) => (keeps(part) ? withDigest(part) : part)) };
}

/** The kept states of the open round of `history`, by the ref of their call, as one JSON text (undefined: none). */
export function keptText(history: readonly Message[]): string | undefined {
  const round = openRoundOf(history);
  if (!round?.content.some(keeps)) return undefined;
  const states: Record<string, unknown> = {};
  for (const part of round.content) if (keeps(part)) states[part.toolRequest.ref ?? ''] = part.metadata?.keptState;
  return JSON.stringify(states);
}

/** True when a call of the open round of the stored `history` has its state in the kept document. */
export function needsKeptStates(history: readonly Message[]): boolean {
  return (
    openRoundOf(history)?.content.some((part) => 'toolRequest' in part && part.metadata?.keptDigest !== undefined) ??
    false
  );
}

/**
 * `history` as read, each call of its open round given back the state its digest names from the
 * kept document's `text`; `'moved'` when one is missing or another (the document was written
 * after the session's copy was read: a read again sees both of one write).
 */
export function withKeptStates(history: Message[], text: string | undefined): Message[] | 'moved' {
  const round = openRoundOf(history) as Message;
  const states = (text === undefined ? {} : JSON.parse(text)) as Record<string, unknown>;
  const content: Part[] = [];
  for (const part of round.content) {
    const digest = 'toolRequest' in part ? part.metadata?.keptDigest : undefined;
    if (digest === undefined) {
      content.push(part);
      continue;
    }
    const request = part as ToolRequestPart;
    const state = states[request.toolRequest.ref ?? ''];
    if (state === undefined || digestOf(JSON.stringify(state)) !== digest) return 'moved';
    const { keptDigest: _d, ...metadata } = request.metadata ?? {};
    content.push({ ...request, metadata: { ...metadata, keptState: state } });
  }
  return [...history.slice(0, -1), { ...round, content }];
}
