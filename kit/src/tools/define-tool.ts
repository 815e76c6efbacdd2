import type { Span } from '@opentelemetry/api';
import type { z } from 'zod';
import { fromZodError, KitError } from '../errors/index.js';
import type { ArtifactPart, ToolDefinition } from '../model/index.js';
import { startToolSpan, toolSpanName, traceToolCall } from '../telemetry/index.js';
import { assertApprovers } from './approvers.js';
import { assertEditablePaths } from './input-edit.js';
import { declineInterrupt, respondToInterrupt, restartInterrupt } from './interrupt-replies.js';
import { LazySignal, PromiseSink, runWithLimitsInto } from './run-with-limits.js';
import { toToolDefinition } from './to-tool-definition.js';
import {
  type ActionContext,
  DEFAULT_TOOL_TIMEOUT_MS,
  type InterruptOptions,
  type MultipartToolFn,
  type MultipartToolOutput,
  RUN_INTO,
  type Tool,
  type ToolConfig,
  type ToolContext,
  type ToolFn,
  type ToolResult,
  type ToolRunner,
  type ToolRunOptions,
} from './tool.js';
import { isToolInterruptError, ToolInterruptError } from './tool-interrupt-error.js';

const TOOL_NAME = /^[A-Za-z_][A-Za-z0-9_.\-/]{0,127}$/;

// A class, not an object literal with a getter: built for every call, so its shape and getters
// are shared. It is the call's lazy signal too: one object per call for both.
// What few tools read (`kept`, `callId`, `sessionId`, `state`) are getters: nothing per call for the rest.
class CallContext extends LazySignal implements ToolContext {
  readonly resumed: Record<string, unknown> | true | undefined;
  readonly context: ActionContext;
  readonly ref: string;
  readonly #options: ToolRunOptions;
  constructor(options: ToolRunOptions) {
    super();
    this.#options = options;
    this.resumed = options.resumed;
    this.context = options.context ?? {};
    this.ref = options.ref;
  }
  get kept(): Record<string, unknown> | undefined {
    return this.#options.kept;
  }
  get callId(): string {
    return this.#options.callId ?? this.#options.ref;
  }
  get sessionId(): string | undefined {
    return this.#options.sessionId;
  }
  interrupt(metadata?: Record<string, unknown>, options?: InterruptOptions): never {
    throw new ToolInterruptError(metadata, options?.keep);
  }
  get state(): unknown {
    return this.#options.state?.read(this.ref);
  }
  updateState(update: (state: unknown) => unknown): void {
    const state = this.#options.state;
    if (!state) throw new KitError('failed-precondition', 'this tool runs where there is no session state');
    state.update(this.ref, update);
  }
  artifact(name: string, parts: ArtifactPart[]): void {
    const artifacts = this.#options.artifacts;
    if (!artifacts)
      throw new KitError('failed-precondition', 'this tool runs where there is no session to keep artifacts');
    artifacts.write(this.ref, name, parts);
  }
}

type AnyConfig = ToolConfig<z.ZodType, z.ZodType>;
type Body = (input: unknown, ctx: ToolContext) => unknown;

/** The checker of what a body returns: its output (of a multipart body, `{ output, content, metadata }`). */
function outputChecker(config: AnyConfig): (returned: unknown) => ToolResult {
  const multipart = config.multipart === true;
  return (returned) => {
    const result = multipart ? (returned as MultipartToolOutput<unknown>) : undefined;
    let output: unknown = result ? result.output : returned;
    if (config.outputSchema) {
      const parsed = config.outputSchema.safeParse(output);
      // The tool broke its own contract: a tool failure, not the model's fault.
      if (!parsed.success) throw fromZodError(parsed.error, `output of tool '${config.name}'`, 'internal');
      output = parsed.data;
    }
    const checked: ToolResult = { output };
    if (result?.content) checked.content = result.content;
    if (result?.metadata) checked.metadata = result.metadata;
    return checked;
  };
}

/**
 * Runs `body` on its parsed input, under the tool's timeout and the caller's signal, checks its
 * output and hands the result (or the failure) to `sink`.
 */
function checkedRunner(config: AnyConfig, body: Body): ToolRunner {
  const timeoutMs = config.timeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS;
  const what = `tool '${config.name}'`;
  const checkOutput = outputChecker(config);
  const inputSchema = config.inputSchema;
  return (rawInput, options, sink) => {
    let input = rawInput;
    if (inputSchema) {
      const parsed = inputSchema.safeParse(rawInput);
      if (!parsed.success) {
        sink.fail(fromZodError(parsed.error, `input for tool '${config.name}'`));
        return;
      }
      input = parsed.data;
    }
    runWithLimitsInto(what, timeoutMs, options.signal, body, input, new CallContext(options), checkOutput, sink);
  };
}

/** Refuses a `version` that is not a positive integer: a call records it, and compares it after a deploy. */
function assertVersion(name: string, version: number | undefined): void {
  if (version === undefined || (Number.isSafeInteger(version) && version >= 1)) return;
  throw new KitError('invalid-argument', `tool '${name}': version must be a positive integer, got ${version}`);
}

/** Refuses a config whose name, editable paths, version or approvers can't work: when the tool is defined, not at a call. */
function assertToolConfig(config: AnyConfig): void {
  if (!TOOL_NAME.test(config.name)) throw new KitError('invalid-argument', `invalid tool name '${config.name}'`);
  assertEditablePaths(config.name, config.editableInput);
  assertVersion(config.name, config.version);
  assertApprovers(config.name, config.approvers);
}

/**
 * Builds a tool from its config and a body (returning `{ output, content, metadata }` when
 * `config.multipart`, its output otherwise); `restartable` is false only for interrupts.
 * `described`: what the model is told, for a tool whose schemas are JSON Schema already (an
 * MCP server's); the body checks its input then. Without it, it is made from the zod schemas.
 */
export function makeTool<I extends z.ZodType, O extends z.ZodType>(
  config: ToolConfig<I, O>,
  body: (input: z.infer<I>, ctx: ToolContext) => unknown,
  restartable: boolean,
  described?: ToolDefinition,
): Tool<I, O> {
  assertToolConfig(config as AnyConfig);
  const spanName = toolSpanName(config.name);
  const runChecked = checkedRunner(config as AnyConfig, body as Body);
  const onDecline = config.onDecline as ((input: never, reason: string | undefined) => unknown) | undefined;
  let definition: ToolDefinition | undefined = described;
  const promised = (rawInput: unknown, options: ToolRunOptions): Promise<ToolResult> => {
    const sink = new PromiseSink<ToolResult>();
    runChecked(rawInput, options, sink);
    return sink.promise();
  };
  const traced = (span: Span, rawInput: unknown, options: ToolRunOptions): Promise<ToolResult> => {
    const call = {
      name: config.name,
      description: config.description,
      ref: options.ref,
      resumed: options.resumed !== undefined,
      input: rawInput,
    };
    return traceToolCall(span, call, isToolInterruptError, () => promised(rawInput, options));
  };
  // Untraced (no SDK), a call runs as it is: no span record, no closure, no extra promise.
  const run = (rawInput: unknown, options: ToolRunOptions): Promise<ToolResult> => {
    const span = startToolSpan(spanName);
    return span ? traced(span, rawInput, options) : promised(rawInput, options);
  };
  const runInto: ToolRunner = (rawInput, options, sink) => {
    const span = startToolSpan(spanName);
    if (!span) runChecked(rawInput, options, sink);
    else
      traced(span, rawInput, options).then(
        (result) => sink.settle(result),
        (error: unknown) => sink.fail(error),
      );
  };
  const tool: Tool<I, O> = {
    name: config.name,
    config,
    restartable,
    get definition(): ToolDefinition {
      definition ??= toToolDefinition(config);
      return definition;
    },
    run,
    respond: (part, output, options) => respondToInterrupt(config.name, part, output, options?.metadata),
    decline: (part, reason) => declineInterrupt(config.name, config.outputSchema, part, reason, onDecline),
    restart: (part, resumed, options) => restartInterrupt(config.name, part, resumed, options?.replaceInput),
  };
  // Not enumerable: a copy of the tool (`{ ...tool, run }`) runs through its own `run`, not this.
  Object.defineProperty(tool, RUN_INTO, { value: runInto });
  return tool;
}

/** Defines a multipart tool: the body returns `{ output, content, metadata }`. */
export function defineTool<I extends z.ZodType, O extends z.ZodType>(
  config: ToolConfig<I, O> & { multipart: true },
  fn: MultipartToolFn<I, O>,
): Tool<I, O>;
/** Defines a tool: a function the model can call, with zod schemas for its input and output. */
export function defineTool<I extends z.ZodType, O extends z.ZodType>(
  config: ToolConfig<I, O>,
  fn: ToolFn<I, O>,
): Tool<I, O>;
export function defineTool<I extends z.ZodType, O extends z.ZodType>(
  config: ToolConfig<I, O>,
  fn: ToolFn<I, O> | MultipartToolFn<I, O>,
): Tool<I, O> {
  // The body's own value (or promise) goes straight to the limits: no wrapper object or promise per call.
  return makeTool(config, fn as (input: z.infer<I>, ctx: ToolContext) => unknown, true);
}
