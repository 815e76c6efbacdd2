import type { DeclineReply } from '@callable-flows/protocol';
import type { z } from 'zod';
import type {
  Document,
  FinishReason,
  GenerateResponseChunk,
  Message,
  Model,
  ModelMiddleware,
  Part,
  StepObserver,
  ToolChoice,
  ToolRequest,
  ToolRequestPart,
  ToolResponsePart,
  Usage,
} from '../model/index.js';
import type { ActionContext, Tool, ToolArtifacts, ToolEntry, ToolResult, ToolState } from '../tools/index.js';

/**
 * How an open round goes on: answers for some interrupts, restarts (approvals) for others,
 * refusals. An empty resume goes on with what the round already holds (a retry).
 */
export interface ResumeOptions {
  /** Answers, matched to pending interrupts by tool name and ref. */
  respond?: ToolResponsePart[];
  /** Calls to run again (as resumed), matched by tool name and ref. */
  restart?: ToolRequestPart[];
  /** Calls a person declined: the model is told so (the tool may shape it with `onDecline`). */
  decline?: DeclineReply[];
}

/** What `onModelResponse` is told: the model's message (refs assigned) before its tools run. */
export interface ModelResponseStep {
  /** 0 for the first model call of this generation. */
  round: number;
  message: Message;
  /** The conversation so far, ending with `message`. */
  messages: readonly Message[];
}

/** What `onToolResult` is told: one call's response, as soon as the call has finished. */
export interface ToolResultStep {
  request: ToolRequestPart & { toolRequest: { ref: string } };
  response: ToolResponsePart;
  /** Undefined for a call of an unknown tool (its response is an error for the model). */
  tool: Tool | undefined;
}

/** One finished tool round, as stop conditions see it. */
export interface RoundRecord {
  /** The model message that asked for the tools. */
  message: Message;
  toolCalls: ToolRequest[];
  toolResults: ToolResponsePart[];
}

/** Stops the loop after a tool round when it returns true (the AI SDK's `stopWhen`). */
export type StopCondition = (state: { rounds: readonly RoundRecord[] }) => boolean;

/** What `prepareStep` may change for the next model call. */
export interface PreparedStep {
  model?: Model;
  /** Names of the tools offered on this call (the others stay runnable for calls already made). */
  activeTools?: string[];
  toolChoice?: ToolChoice;
  config?: Record<string, unknown>;
}

/** Which newly waiting calls may wait: an error at a call's place refuses it (see `GenerateOptions.admitWaiting`). */
export type AdmitWaiting = (asked: readonly ToolRequestPart[]) => Promise<readonly (Error | undefined)[]>;

/** What a tool middleware is told about the call it wraps. */
export interface ToolCall {
  tool: Tool;
  /** The request as it will run: the ref is always set. */
  request: ToolRequest & { ref: string };
  resumed: Record<string, unknown> | true | undefined;
  context: ActionContext;
}

/** A step around every tool call: the turn trace's recorder is one (it times the call and keeps its outcome). */
export type ToolMiddleware = (call: ToolCall, next: () => Promise<ToolResult>) => Promise<ToolResult>;

/** The output a generation must produce. */
export interface OutputOptions<O extends z.ZodType = z.ZodType> {
  /** The shape the final answer must have; implies `format: 'json'`. */
  schema?: O;
  format?: 'text' | 'json';
  /** Ask the model to enforce the schema itself when it can. Default true. */
  constrained?: boolean;
}

/** Options of {@link generate}. */
export interface GenerateOptions<O extends z.ZodType = z.ZodType> {
  model: Model;
  /** Instructions that lead the conversation. */
  system?: string | Part[];
  /** A new user turn, appended after `messages`. */
  prompt?: string | Part[];
  /** The conversation so far. Treated as immutable: messages already checked aren't checked again. */
  messages?: Message[];
  docs?: Document[];
  /** The tools, and sources of tools (`mcpTools`): a source's list is resolved before the first model call. */
  tools?: ToolEntry[];
  toolChoice?: ToolChoice;
  config?: Record<string, unknown>;
  output?: OutputOptions<O>;
  /** Tool rounds allowed before the turn stops with `aborted`: N rounds, N + 1 model calls. Default 5. */
  maxTurns?: number;
  /** Return the model's tool requests instead of running them. */
  returnToolRequests?: boolean;
  /** Go on with the interrupted turn that ends `messages`. */
  resume?: ResumeOptions;
  /** Receives model chunks as they stream, a chunk per tool response, and interrupts. */
  onChunk?: (chunk: GenerateResponseChunk) => void;
  /** Aborts the model call and running tools. */
  signal?: AbortSignal;
  /** Passed to every tool as `ctx.context`. */
  context?: ActionContext;
  /** The session the generation runs in, passed to every tool as `ctx.sessionId` (an agent passes its own). */
  sessionId?: string;
  /** The session state tools read (`ctx.state`) and change (`ctx.updateState`); an agent passes its journal's. */
  state?: ToolState;
  /** Where tools write the session's artifacts (`ctx.artifact`); an agent passes its journal's. */
  artifacts?: ToolArtifacts;
  /** Model middleware around every model call (retry, fallback, …). */
  use?: ModelMiddleware[];
  /** Middleware around every tool call. */
  toolMiddleware?: ToolMiddleware[];
  /** Sees each model call, tool call and settled round as it happens (the stored trace's recorder is one). */
  observer?: StepObserver;
  /** Told of each model call's usage as soon as the call returns (before its message is seen): what it spent, even if the turn fails later. */
  onModelUsage?: (usage: Usage | undefined) => void;
  /**
   * Awaited after each model response, before its tools run; a rejection ends the generation.
   * A journal stores the message here, so the calls it asks for exist before they run.
   */
  onModelResponse?: (step: ModelResponseStep) => void | Promise<void>;
  /**
   * Awaited as each tool call finishes (not for calls answered by a person or recorded
   * already); a rejection ends the generation once the round's other calls have settled.
   */
  onToolResult?: (step: ToolResultStep) => void | Promise<void>;
  /**
   * Decides which of a round's newly waiting calls may wait for a person (the agent's bound on
   * waiting approvals): awaited once per round that would leave calls newly waiting, never for a
   * round that leaves none (a text turn never pays for it), with those calls (stamped) in request
   * order. An error at a call's place refuses it: the model gets the error as that call's tool
   * error, the call never waits, and the round goes on as it would had the tool failed. A refusal
   * is not told to `onToolResult`: it is journaled with the round's next write.
   */
  admitWaiting?: AdmitWaiting;
  /**
   * Whether the user messages are the words of the person the conversation is for (default true):
   * a tool's `presentInput` may quote the last one to its approver as theirs. False where another
   * model wrote them (a sub-agent's messages are its parent's model's).
   */
  userIsPerson?: boolean;
  /** Called before each model call; may pick the model, the tools offered, the tool choice, the config. */
  prepareStep?: (step: {
    round: number;
    messages: readonly Message[];
  }) => PreparedStep | undefined | Promise<PreparedStep | undefined>;
  /** Ends the loop after a tool round when any condition holds (a tool with `stop: true` always does). */
  stopWhen?: StopCondition | StopCondition[];
}

/** What {@link generate} returns. */
export interface GenerateResult<O = unknown> {
  /** The last model message. */
  message: Message | undefined;
  /** The whole conversation: what was passed in, then what this call added. */
  messages: Message[];
  /** The text of the last model message. */
  text: string;
  /** The parsed and validated structured output, when `output.schema` was given. */
  output: O | undefined;
  finishReason: FinishReason;
  finishMessage?: string;
  /** The tool requests waiting for a person, each stamped with `metadata.interrupt`. */
  interrupts: ToolRequestPart[];
  /** With `returnToolRequests`: the tool requests the model made. */
  toolRequests: ToolRequestPart[];
  /** Summed over every model call of this generation. */
  usage: Usage;
  /** How many rounds (model calls, each with its tools) this generation ran. */
  rounds: number;
  latencyMs: number;
}
