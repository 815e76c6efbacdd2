import type {
  AnsweredBy,
  ApprovalState,
  ApproverAddress,
  Conversation,
  WatchedPart,
  WireInterruptMetadata,
} from '@callable-flows/client';
import { EFFECTS_NOTE_KEY } from '@callable-flows/protocol/session-doc';
import type { AssistantTypes } from './assistant.js';
import { isHiddenTool } from './tool-presentation.js';

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
  /** True when the approved tool ran and failed (the kit recorded its error): `output` says what. */
  failed?: true;
  /** The person's reason, when they declined and gave one. */
  reason?: string;
  /** The server's digest of the input shown, while it waits: the approval sends it back (a stale one is refused). */
  inputDigest?: string;
  /** Who answered it (the owner, or an approver), as the server recorded it. */
  answeredBy?: AnsweredBy;
  /** Who besides the owner it is addressed to (its tool's approvers: a manager, say). */
  approvers?: ApproverAddress;
}

/** Words of the person's (`user`), or of the assistant's, with when they were stored. */
interface Words<K extends 'user' | 'assistant'> {
  kind: K;
  text: string;
  /** When the session stored them (epoch ms; an answer of several messages: its last one's); none before messages had times. */
  at?: number;
}
/** The person's words, with the index of their message in the conversation's messages (what an edit names). */
export interface UserEntry extends Words<'user'> {
  index: number;
}
export type WordsEntry = UserEntry | Words<'assistant'>;

/** The conversation was handed to another agent (the kit's `handoffTo`): its steps follow as any steps. */
export interface HandoffEntry {
  kind: 'handoff';
  from: string;
  to: string;
}

/** One thing the conversation shows, in order. */
export type TranscriptEntry = WordsEntry | ToolEntry | ApprovalEntry | HandoffEntry;

/** The hand-off a model message records (`metadata.handoff`), when it handed the conversation on. */
function handoffOf(metadata: Record<string, unknown> | undefined): HandoffEntry | undefined {
  const handoff = metadata?.handoff as { from?: unknown; to?: unknown } | undefined;
  if (typeof handoff?.to !== 'string') return undefined;
  return { kind: 'handoff', from: typeof handoff.from === 'string' ? handoff.from : '', to: handoff.to };
}

/** What a transcript is drawn from: the client's reading of a session's conversation. */
export type TranscriptSource = Pick<Conversation<AssistantTypes>, 'messages' | 'interrupts' | 'results'>;

// Text the kit adds for the model (retrieved documents, output instructions) carries a purpose;
// its note on a new branch's first message (calls that ran on the branch it left) is marked too.
const shownText = (part: WatchedPart): string =>
  part.text !== undefined && part.metadata?.purpose === undefined && !part.metadata?.[EFFECTS_NOTE_KEY]
    ? part.text
    : '';

/** The entry of the call `request`: an approval when it asked the person (`conversation.interrupts`), with its result if any. */
function callEntry(
  request: NonNullable<WatchedPart['toolRequest']>,
  conversation: TranscriptSource,
  results: ReadonlyMap<string, TranscriptSource['results'][number]>,
): ToolEntry | ApprovalEntry {
  const ref = request.ref ?? request.name;
  const result = results.get(ref);
  const outcome = result === undefined ? {} : { output: result.output };
  const asked = conversation.interrupts.find((interrupt) => interrupt.ref === (request.ref ?? ''));
  if (asked === undefined) {
    return {
      kind: 'tool',
      ref,
      name: request.name,
      input: request.input,
      ...outcome,
      ...(result?.failed && { failed: true }),
    };
  }
  const { state, metadata, reason, inputDigest, answeredBy, approvers } = asked;
  return {
    kind: 'approval',
    ref,
    name: request.name,
    input: request.input,
    metadata,
    state,
    ...outcome,
    ...(result?.failed && { failed: true }),
    ...(reason === undefined ? {} : { reason }),
    ...(inputDigest === undefined ? {} : { inputDigest }),
    ...(answeredBy === undefined ? {} : { answeredBy }),
    ...(approvers === undefined ? {} : { approvers }),
  };
}

/**
 * What a stored conversation shows: the user's and the assistant's words, each tool call
 * with its output (but the hidden ones, tool-presentation.ts), each approval with where it stands,
 * and each hand-off to another agent.
 */
export function transcriptOf(conversation: TranscriptSource): TranscriptEntry[] {
  const entries: TranscriptEntry[] = [];
  const results = new Map(conversation.results.map((result) => [result.ref, result]));
  // The assistant's words run on across its messages; each of the person's messages is its own
  // (two in a row, the first's turn having died unanswered, are two bubbles).
  let opened: WordsEntry | undefined;
  const say = (kind: WordsEntry['kind'], text: string, at: number | undefined, index: number): void => {
    const last = entries.at(-1);
    if (last?.kind === kind && (kind === 'assistant' || last === opened)) {
      last.text += text;
      if (at !== undefined) last.at = at;
    } else if (text.trim()) {
      const words: WordsEntry = kind === 'user' ? { kind, text, index } : { kind, text };
      if (at !== undefined) words.at = at;
      opened = words;
      entries.push(words);
    }
  };
  for (const [index, message] of conversation.messages.entries()) {
    if (message.role === 'tool') continue;
    opened = undefined;
    for (const part of message.content) {
      const text = shownText(part);
      if (text) say(message.role === 'user' ? 'user' : 'assistant', text, message.at, index);
      if (message.role === 'model' && part.toolRequest && !isHiddenTool(part.toolRequest.name)) {
        entries.push(callEntry(part.toolRequest, conversation, results));
      }
    }
    const handoff = message.role === 'model' ? handoffOf(message.metadata) : undefined;
    if (handoff) entries.push(handoff);
  }
  return entries;
}
