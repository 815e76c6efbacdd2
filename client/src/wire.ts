// The callable wire protocol (DESIGN.md, "The callable wire protocol"), as a client sees it.
// The client keeps its own copy: it depends on the protocol, never on the functions' code.

/** Interrupt metadata: what the tool told the person, or `true` when it said nothing. */
export type WireInterruptMetadata = Record<string, unknown> | true;

/** An interrupt as the function returns it: answer it by `ref` and `name`. */
export interface WireInterrupt {
  ref: string;
  name: string;
  input: unknown;
  metadata: WireInterruptMetadata;
}

/** The answer to an interrupt: the output its tool call gets, without running. */
export interface WireRespond {
  ref: string;
  name: string;
  output: unknown;
}

/** An approval: the interrupted call runs again, optionally with new input. */
export interface WireRestart {
  ref: string;
  name: string;
  replaceInput?: unknown;
  metadata?: Record<string, unknown>;
}

/** A refusal: the call never runs; the model is told it was declined (and why). */
export interface WireDecline {
  ref: string;
  name: string;
  reason?: string;
}

/** How an interrupted turn goes on. */
export interface WireResume {
  respond?: WireRespond[];
  restart?: WireRestart[];
  decline?: WireDecline[];
}

/** The `data` of a call: a new user turn (`message`) or answers to interrupts (`resume`). */
export type WireRequest =
  | { sessionId?: string; message: string | WirePart[]; requestId?: string }
  | { sessionId: string; resume: WireResume; requestId?: string };

/** A part a client may send in a message. */
export type WirePart = { text: string } | { media: { url: string; contentType?: string } } | { data: unknown };

/** Why a turn ended. */
export type FinishReason = 'stop' | 'length' | 'blocked' | 'interrupted' | 'aborted' | 'other' | 'unknown';

/** The result of a call. */
export interface WireResult {
  sessionId: string;
  status: 'done' | 'interrupted';
  finishReason: FinishReason;
  finishMessage?: string;
  text: string;
  output: unknown;
  interrupts: WireInterrupt[];
  usage: { inputTokens: number; outputTokens: number };
}

/** One streamed piece of a call. */
export type WireChunk =
  | { type: 'text'; text: string }
  | { type: 'reasoning'; text: string }
  | { type: 'toolRequest'; ref?: string; name: string; input: unknown }
  | { type: 'toolResponse'; ref: string; name: string; output: unknown }
  | ({ type: 'interrupt' } & WireInterrupt);
