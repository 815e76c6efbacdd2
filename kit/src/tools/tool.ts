import type { z } from 'zod';
import type { ArtifactPart, Part, ToolDefinition, ToolRequestPart, ToolResponsePart } from '../model/index.js';
import type { Approvers } from './approvers.js';
import type { PresentInput } from './present-input.js';
import type { LimitSink } from './run-with-limits.js';

/**
 * What a tool declares about repeating it. The turn journal (agent/turn-journal.ts) commits a
 * tool's result as the call finishes, except a `none` tool's, which rides along with the next
 * write. (Whether a client may answer a call with a result of its own is `answerable`.)
 */
export type ToolSideEffects = 'none' | 'idempotent';

/**
 * What a person may edit of a call's input when they approve it (a client's `restart` with
 * `replaceInput`): the field paths they may change (`['address.line1', 'note']`: a path names a
 * field and everything inside it), or a zod schema of the edit itself. The edit is merged over
 * the stored input (objects deep-merged, arrays and other values replaced whole) and the result
 * checked against the input schema. Without it, an approval runs the stored call as it is.
 */
export type EditableInput = readonly string[] | z.ZodType;

/** What the caller knows about who is asking (auth, App Check, anything the flow passes down). */
export type ActionContext = Record<string, unknown>;

/** Configuration shared by every tool. */
export interface ToolConfig<I extends z.ZodType, O extends z.ZodType> {
  /** The name the model calls; letters, digits, `_`, `-`, `.`, `/`. */
  name: string;
  /** What the tool does, in words the model reads. */
  description: string;
  inputSchema?: I;
  outputSchema?: O;
  /**
   * How long one call may run. Default {@link DEFAULT_TOOL_TIMEOUT_MS}. `Infinity`: no limit of
   * its own (the turn's signal still ends it), and no timer per call.
   */
  timeoutMs?: number;
  /** The function returns `{ output, content, metadata }` instead of a bare output. */
  multipart?: boolean;
  /** `idempotent`: the kit journals the result as the call finishes, so a retried or resumed turn never runs it twice. */
  sideEffects?: ToolSideEffects;
  /** `respond` (default): a failure is told to the model so it can change course; `throw`: it ends the turn. */
  onError?: 'respond' | 'throw';
  /**
   * Ends the loop once this tool has answered: its output is the generation's `output`, and the
   * model is not called again (the multi-turn agent article's "finish" tool).
   */
  stop?: boolean;
  /**
   * What the model is told when a person declines this call (default: the standard
   * {@link DeclinedOutput}); checked against `outputSchema` when the tool has one.
   */
  onDecline?: (input: z.infer<I>, reason: string | undefined) => z.infer<O>;
  /**
   * Lets a client answer an interrupt of this tool with an output of its own (`respond`). Off by
   * default for every tool but a question (`defineInterrupt`): a client's word must not become the
   * result of a call that acts on the world (an app recording "sent" for a transfer that never
   * ran), whatever its `sideEffects`.
   */
  answerable?: boolean;
  /**
   * What a person may change of this call's input when they approve it ({@link EditableInput}).
   * Off by default: a client's `replaceInput` is refused (`ANSWER_NOT_ALLOWED`), so the call a
   * person was shown is the call that runs. Give only fields whose edit is a correction (a typo
   * in an address), never the ones that decide what the action does (who is paid, how much).
   */
  editableInput?: EditableInput;
  /**
   * What a client may tell this tool when it approves it: a `restart`'s `metadata`, which the tool
   * reads as `ctx.resumed`, parsed with this schema. Off by default: a client's metadata is refused
   * (`ANSWER_NOT_ALLOWED`), so what a resumed call sees is the server's `true`, never a client's say-so.
   */
  resumedMetadata?: z.ZodType<Record<string, unknown>>;
  /**
   * Makes the interrupt of a call that kept `kept` (`interrupt(…, { keep })`) a question whose
   * answer this tool reads itself (an MCP server's elicitation): the reader it returns turns a
   * person's `respond` or `decline` of that call into the `ctx.resumed` the call runs again with,
   * or refuses it (`invalid-argument`, `INVALID_FIELD`: nothing is written). Such a call takes no
   * `restart` (`ANSWER_NOT_ALLOWED`). Undefined (the default, or for a call that kept no such
   * question): the interrupt is answered as any other.
   */
  ownQuestion?: (kept: Record<string, unknown> | undefined) => OwnAnswerReader | undefined;
  /**
   * The version of this tool's input (a positive integer, default 1). Each call that waits for a
   * person records it, so a call asked under another version is known after a deploy: bump it
   * when a change of `inputSchema` would make a waiting call's input mean something else or fail
   * to parse, and give {@link migrateInput}. A waiting call the tool can no longer run is refused
   * (`TOOL_CHANGED`) and closed by the next message as not run.
   */
  version?: number;
  /**
   * Makes the input of a call asked under an older `version` (`fromVersion`) this version's: what
   * runs, once parsed with `inputSchema`, is its result (the stored input is kept as the one the
   * person was shown). A throw, or a result that doesn't parse, is `TOOL_CHANGED`.
   */
  migrateInput?: (input: unknown, fromVersion: number) => unknown;
  /**
   * Who may answer this tool's interrupts ({@link Approvers}): `'owner'` (default), or a check
   * that admits whom it returns true for (the owner included), with the inbox address its
   * approvers find the waiting calls at. Anyone else's answer is `permission-denied`
   * (`NOT_ALLOWED`), and nothing is written.
   */
  approvers?: Approvers;
  /**
   * How this tool's call is shown to the person who approves it (the inbox document, every card):
   * labelled fields, each marking whose words it holds (`model`, `owner`, `tool`). Default: the
   * input itself, every field the model's. Secrets are redacted by the kit.
   */
  presentInput?: PresentInput<z.infer<I>>;
  metadata?: Record<string, unknown>;
}

/** A person's answer to a question a tool reads itself (`ownQuestion`): a `respond`'s output, or a `decline`. */
export type OwnAnswer = { kind: 'respond'; output: unknown } | { kind: 'decline'; reason: string | undefined };

/** What a tool made of a person's answer to its own question: the call's `ctx.resumed`, or why it doesn't fit. */
export type OwnAnswerReading = { resumed: Record<string, unknown> } | { refused: string };

/** Reads a person's answer to a tool's own question (`ToolConfig.ownQuestion`). */
export type OwnAnswerReader = (answer: OwnAnswer) => OwnAnswerReading;

/** How a tool asks a person, beyond what the app shows. */
export interface InterruptOptions {
  /**
   * What the tool keeps with the waiting call (JSON): journaled with it, never in what a client
   * is sent (the interrupt, the inbox, a card), and given back as `ctx.kept` when the call runs
   * again, on whatever instance. An MCP server's `requestState` rides here.
   */
  keep?: Record<string, unknown>;
}

/** What a tool function receives beside its input. */
export interface ToolContext {
  /** Stops the tool and asks a person; `metadata` tells the app what to show. */
  interrupt(metadata?: Record<string, unknown>, options?: InterruptOptions): never;
  /** Set when the tool runs again after an interrupt (a restart): the restart's metadata, or true. */
  resumed: Record<string, unknown> | true | undefined;
  /** What this call kept when it last asked a person (`interrupt(…, { keep })`), when it runs again. */
  kept: Record<string, unknown> | undefined;
  /** The caller's context (auth and the like). */
  context: ActionContext;
  /**
   * Aborted when the turn is stopped or aborted, the function's deadline passes or the tool's
   * `timeoutMs` does, with that reason: read before or after the event, it says the same.
   */
  signal: AbortSignal;
  /**
   * The model's id of this call, scoped to its session (two sessions' models may use the same
   * one): what the client answers an interrupt by. Key effects on {@link callId}.
   */
  ref: string;
  /**
   * The kit's own id of this call: unique across sessions, the same on a retry, a resume and a
   * continuation (journaled with the model's message, never sent to the model). The key for an
   * effect that must happen once (an idempotency key, a document id).
   */
  callId: string;
  /** The session the call runs in; undefined outside an agent (a stateless `defineFlow` or `generate`). */
  sessionId: string | undefined;
  /** The agent's session state as this call sees it (undefined outside an agent with `state`). */
  state: unknown;
  /**
   * Changes the session state: `update` gets the state (with this call's earlier updates) and
   * returns the next one, checked against the agent's state schema. The change is journaled
   * with this call's result: a call that fails or interrupts changes nothing, and a retried
   * turn never applies it twice.
   */
  updateState(update: (state: unknown) => unknown): void;
  /**
   * Writes a version of the session's artifact `name` (a report, a chart by URL, data): its
   * `parts` replace the name's last version. Like a state change it is journaled with this
   * call's result (a call that fails or interrupts writes none, a retried turn never twice),
   * then streamed to the caller and kept in the session for every watcher. Checked now: too
   * large, or outside an agent, it throws here, so the call fails with words the model reads.
   */
  artifact(name: string, parts: ArtifactPart[]): void;
}

/** How a tool call writes the artifacts of the session it runs in (`generate`'s `artifacts`). */
export interface ToolArtifacts {
  /** Keeps a version of artifact `name` with call `ref`, until its result is recorded. */
  write(ref: string, name: string, parts: ArtifactPart[]): void;
}

/** How a tool call reads and changes the state of the session it runs in (`generate`'s `state`). */
export interface ToolState {
  /** The state as the call `ref` sees it now. */
  read(ref: string): unknown;
  /** Applies `update` for the call `ref` (kept with the call until its result is recorded). */
  update(ref: string, update: (state: unknown) => unknown): void;
}

/** A multipart tool's result. */
export interface MultipartToolOutput<O> {
  output?: O;
  content?: Part[];
  metadata?: Record<string, unknown>;
}

/** The body of a tool. */
export type ToolFn<I extends z.ZodType, O extends z.ZodType> = (
  input: z.infer<I>,
  ctx: ToolContext,
) => Promise<z.infer<O>> | z.infer<O>;

/** The body of a multipart tool. */
export type MultipartToolFn<I extends z.ZodType, O extends z.ZodType> = (
  input: z.infer<I>,
  ctx: ToolContext,
) => Promise<MultipartToolOutput<z.infer<O>>> | MultipartToolOutput<z.infer<O>>;

/** Options of one run of a tool. */
export interface ToolRunOptions {
  ref: string;
  /** The kit's id of the call (`ctx.callId`); default: `ref`. */
  callId?: string;
  /** The session the call runs in (`ctx.sessionId`). */
  sessionId?: string | undefined;
  state?: ToolState;
  artifacts?: ToolArtifacts;
  resumed?: Record<string, unknown> | true;
  /** What the call kept when it last asked a person ({@link InterruptOptions}). */
  kept?: Record<string, unknown> | undefined;
  context?: ActionContext;
  signal?: AbortSignal;
}

/** A tool's validated result. */
export interface ToolResult {
  output: unknown;
  content?: Part[];
  metadata?: Record<string, unknown>;
}

/**
 * How the generate loop runs a tool without a promise per call: what `run` does, with the
 * result (or the failure) handed to `sink`, maybe before it returns.
 */
export type ToolRunner = (input: unknown, options: ToolRunOptions, sink: LimitSink<ToolResult>) => void;

/** The key of a tool's {@link ToolRunner}: only `defineTool` and `defineInterrupt` tools have one. */
export const RUN_INTO: unique symbol = Symbol('callable-flows.tool.runInto');

/** A tool made by `defineTool` or `defineInterrupt`. */
export interface Tool<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  readonly name: string;
  readonly config: Readonly<ToolConfig<I, O>>;
  /** What the model is told (JSON Schema made once, on first use). */
  readonly definition: ToolDefinition;
  /** False for `defineInterrupt` tools: they have no body to run again. */
  readonly restartable: boolean;
  /**
   * Validates `input`, runs the body under its timeout and the caller's signal, validates the
   * output. Rejects with a `ToolInterruptError` when the tool interrupts.
   */
  run(input: unknown, options: ToolRunOptions): Promise<ToolResult>;
  /** `run` with its outcome handed to a sink (not enumerable: a copy of the tool runs its own `run`). */
  readonly [RUN_INTO]?: ToolRunner;
  /** Answers an interrupt of this tool with `output` (generate checks it against the output schema). */
  respond(
    interrupt: ToolRequestPart,
    output: z.infer<O>,
    options?: { metadata?: Record<string, unknown> },
  ): ToolResponsePart;
  /** Answers an interrupt of this tool with a person's refusal (see `onDecline`). */
  decline(interrupt: ToolRequestPart, reason?: string): ToolResponsePart;
  /**
   * Asks to run the interrupted call again, now `resumed`; `replaceInput` (checked by generate
   * against the input schema) is the server's own new input for it. A client's edit instead goes
   * through `editableInput`.
   */
  restart(
    interrupt: ToolRequestPart,
    resumed?: Record<string, unknown>,
    options?: { replaceInput?: z.infer<I> },
  ): ToolRequestPart;
}

/** The default per-call tool timeout. */
export const DEFAULT_TOOL_TIMEOUT_MS = 30_000;

/** What the model is told, by default, when a person declines a call. */
export interface DeclinedOutput {
  declined: true;
  /** The person's words, when they gave any. */
  reason?: string;
  message: string;
}
