import type { z } from 'zod';
import type {
  Document,
  FinishReason,
  GenerateResponseChunk,
  Message,
  Model,
  ModelMiddleware,
  Part,
  ToolChoice,
  ToolRequest,
  ToolRequestPart,
  ToolResponsePart,
  Usage,
} from '../model/index.js';
import type { ActionContext, Tool, ToolResult } from '../tools/index.js';

/** How an interrupted turn goes on: answers for some interrupts, restarts for others. */
export interface ResumeOptions {
  /** Answers, matched to pending interrupts by tool name and ref. */
  respond?: ToolResponsePart[];
  /** Calls to run again (as resumed), matched by tool name and ref. */
  restart?: ToolRequestPart[];
}

/** What a tool middleware is told about the call it wraps. */
export interface ToolCall {
  tool: Tool;
  /** The request as it will run: the ref is always set. */
  request: ToolRequest & { ref: string };
  resumed: Record<string, unknown> | true | undefined;
  context: ActionContext;
}

/**
 * A step around every tool call: the session layer's ledger is one (it answers a call it has
 * already recorded instead of running it again).
 */
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
  tools?: Tool[];
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
  /** Model middleware around every model call (retry, fallback, …). */
  use?: ModelMiddleware[];
  /** Middleware around every tool call. */
  toolMiddleware?: ToolMiddleware[];
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
  /** How many model calls this generation made. */
  turns: number;
  latencyMs: number;
}
