// The callable wire protocol as this client sees it (DESIGN.md, "The callable wire protocol").
// The app keeps its own copy of the types: it depends on the protocol, not on the functions' code.

/** Interrupt metadata: what the tool told the person, or `true` when it said nothing. */
export type InterruptMetadata = Record<string, unknown> | true;

/** An interrupt waiting for the person: answer it by `ref` and `name`. */
export interface WireInterrupt {
  ref: string;
  name: string;
  input: unknown;
  metadata: InterruptMetadata;
}

/** How an interrupted turn goes on. */
export interface Resume {
  respond?: { ref: string; name: string; output: unknown }[];
  restart?: { ref: string; name: string; replaceInput?: unknown; metadata?: Record<string, unknown> }[];
  /** The person said no: the tool never runs and the model is told "the user declined: <reason>". */
  decline?: { ref: string; name: string; reason?: string }[];
}

/** The `data` of a call: a new user turn (`message`) or answers to interrupts (`resume`). */
export type CallRequest =
  | { sessionId?: string; message: string; requestId?: string }
  | { sessionId: string; resume: Resume; requestId?: string };

/** The result of a call. */
export interface CallResult {
  sessionId: string;
  status: 'done' | 'interrupted';
  finishReason: string;
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
