import { abortError, isKitError } from '../errors/index.js';
import type { StepObserver, ToolRequest, ToolResponsePart } from '../model/index.js';
import { redactSecrets, redactValue } from '../redact/index.js';
import {
  type ActionContext,
  isToolInterruptError,
  LimitSink,
  RUN_INTO,
  type Tool,
  type ToolArtifacts,
  type ToolResult,
  type ToolRunOptions,
  type ToolState,
} from '../tools/index.js';
import type { ToolCall, ToolMiddleware } from './generate-options.js';
import { lookupTool } from './to-tool-map.js';

/** How one tool call ended: with a response for the model, or with a question for a person. */
export type ToolOutcome =
  | { response: ToolResponsePart; interrupt?: undefined }
  | {
      interrupt: Record<string, unknown> | true;
      /** What the tool keeps with its waiting call (never shown to a client), given back when it runs again. */
      kept?: Record<string, unknown> | undefined;
      response?: undefined;
    };

type Kept = Record<string, unknown>;

/** Everything a tool call runs with. */
export interface ToolCallScope {
  tools: ReadonlyMap<string, Tool>;
  /** The session state tools read and change, when the caller keeps one. */
  state?: ToolState | undefined;
  /** Where tools write the session's artifacts, when the caller keeps them. */
  artifacts?: ToolArtifacts | undefined;
  context: ActionContext;
  /** The session the calls run in (`ctx.sessionId`), when there is one. */
  sessionId?: string | undefined;
  signal: AbortSignal | undefined;
  middleware: readonly ToolMiddleware[];
  observer?: StepObserver | undefined;
}

/**
 * A response that tells the model, in words it can act on, that the call failed. The words are
 * redacted here, where the error becomes data: the model, the stream, the client and the store
 * all get this one copy, so a secret a tool's error quotes reaches none of them.
 */
export function toolErrorResponse(request: ToolRequest, error: unknown, approved = false): ToolResponsePart {
  const message = redactSecrets(error instanceof Error ? error.message : String(error));
  const code = isKitError(error) ? error.code : 'unknown';
  const fields = isKitError(error) ? redactValue(error.details?.fields) : undefined;
  const toolError: Record<string, unknown> = fields === undefined ? { code } : { code, fields };
  // A call that ran on a person's approval: its failure is the turn's to report (`failed`), not only the model's.
  if (approved) toolError.approved = true;
  return {
    toolResponse: {
      name: request.name,
      ...(request.ref === undefined ? {} : { ref: request.ref }),
      output: { error: message },
    },
    metadata: { toolError },
  };
}

function toResponsePart(request: ToolRequest, result: ToolResult): ToolResponsePart {
  const response: ToolResponsePart['toolResponse'] = { name: request.name, output: result.output };
  if (request.ref !== undefined) response.ref = request.ref;
  if (result.content) response.content = result.content;
  return result.metadata ? { toolResponse: response, metadata: result.metadata } : { toolResponse: response };
}

// Built without spreads: this runs per call.
function runOptions(call: ToolCallRecord, resumed: ToolCall['resumed']): ToolRunOptions {
  const scope = call.scope;
  const options: ToolRunOptions = {
    ref: call.ref,
    callId: call.callId,
    sessionId: scope.sessionId,
    context: scope.context,
  };
  if (resumed !== undefined) options.resumed = resumed;
  if (call.kept !== undefined) options.kept = call.kept;
  if (scope.signal) options.signal = scope.signal;
  if (scope.state) options.state = scope.state;
  if (scope.artifacts) options.artifacts = scope.artifacts;
  return options;
}

function runThroughMiddleware(tool: Tool, record: ToolCallRecord, resumed: ToolCall['resumed']): Promise<ToolResult> {
  const { request, scope } = record;
  const middleware = scope.middleware;
  // No call record and no chain when there is no middleware.
  if (!middleware.length) return tool.run(request.input, runOptions(record, resumed));
  const call: ToolCall = { tool, request, resumed, context: scope.context };
  let next = (): Promise<ToolResult> => call.tool.run(call.request.input, runOptions(record, call.resumed));
  for (let i = middleware.length - 1; i >= 0; i--) {
    const step = middleware[i] as ToolMiddleware;
    const inner = next;
    next = () => step(call, inner);
  }
  return next();
}

/** The call through its middleware, told to `observer` as it starts and finishes (a throw before the promise included). */
function runObserved(
  observer: StepObserver,
  tool: Tool,
  record: ToolCallRecord,
  resumed: ToolCall['resumed'],
): Promise<ToolResult> {
  const call = { name: tool.name, ref: record.ref, resumed: resumed !== undefined };
  observer({ type: 'tool-started', ...call });
  const started = performance.now();
  let running: Promise<ToolResult>;
  try {
    running = runThroughMiddleware(tool, record, resumed);
  } catch (error) {
    running = Promise.reject(error);
  }
  return running.then(
    (result) => {
      observer({ type: 'tool-finished', ...call, durationMs: performance.now() - started, outcome: 'ok' });
      return result;
    },
    (error: unknown) => {
      const outcome = isToolInterruptError(error) ? 'interrupt' : 'error';
      observer({ type: 'tool-finished', ...call, durationMs: performance.now() - started, outcome, error });
      throw error;
    },
  );
}

/** How a failed call ends: an interrupt, a response the model can read, or (abort, `onError: 'throw'`) a throw. */
function failedCall(call: ToolCallRecord, error: unknown): ToolOutcome {
  const { request, scope } = call;
  if (isToolInterruptError(error)) return { interrupt: error.metadata ?? true, kept: error.kept };
  if (scope.signal?.aborted) throw abortError(scope.signal, `tool '${request.name}'`);
  if ((call.tool as Tool).config.onError === 'throw') throw error;
  return { response: toolErrorResponse(request, error, call.resumed !== undefined) };
}

/**
 * The record of one tool call, told how it ended: `deliver` gets a response or an interrupt,
 * `reject` a failure that ends the turn (an abort, `onError: 'throw'`). Exactly one of them is
 * called, once, maybe before {@link runToolCall} returns; neither may throw. It is the tool's
 * sink as well (`settle`/`fail`), so a call costs no promise between the tool and its round.
 */
export abstract class ToolCallRecord extends LimitSink<ToolResult> implements ToolRunOptions {
  readonly request: ToolRequest & { ref: string };
  readonly scope: ToolCallScope;
  tool: Tool | undefined;
  // The call's run options as well: one object per call, not two.
  readonly ref: string;
  readonly context: ActionContext;
  readonly signal: AbortSignal | undefined;
  readonly state: ToolState | undefined;
  readonly artifacts: ToolArtifacts | undefined;
  resumed: Record<string, unknown> | true | undefined;
  /** What the tool kept with this call when it last asked a person (set before it runs again). */
  kept: Kept | undefined;
  constructor(request: ToolRequest & { ref: string }, scope: ToolCallScope) {
    super();
    this.request = request;
    this.scope = scope;
    this.ref = request.ref;
    this.context = scope.context;
    this.signal = scope.signal;
    this.state = scope.state;
    this.artifacts = scope.artifacts;
  }

  // Getters, read only when a tool reads `ctx.callId` or `ctx.sessionId`: nothing per call otherwise.
  /** The kit's id of the call (`ctx.callId`); a record that knows no other gives its ref. */
  get callId(): string {
    return this.ref;
  }
  get sessionId(): string | undefined {
    return this.scope.sessionId;
  }

  abstract deliver(outcome: ToolOutcome): void;
  abstract reject(error: unknown): void;

  /** A response for the model: delivered as an outcome, unless a record takes it as it is. */
  answer(response: ToolResponsePart): void {
    this.deliver({ response });
  }

  override settle(result: ToolResult): void {
    this.answer(toResponsePart(this.request, result));
  }

  override fail(error: unknown): void {
    let outcome: ToolOutcome;
    try {
      outcome = failedCall(this, error);
    } catch (thrown) {
      this.reject(thrown);
      return;
    }
    this.deliver(outcome);
  }
}

/**
 * Runs one tool request, telling `call` how it ended. Invalid input, an unknown tool, a timeout
 * or a failure become a response the model can read, unless the tool says `onError: 'throw'`;
 * an abort always ends the turn. With no middleware and no observer, a tool made by
 * `defineTool` hands its result straight to `call`: no promise of the call's own.
 */
export function runToolCall(call: ToolCallRecord, resumed: Record<string, unknown> | true | undefined): void {
  const { request, scope } = call;
  call.resumed = resumed;
  const tool = lookupTool(scope.tools, request.name);
  if (!tool) {
    const known = [...scope.tools.keys()].join(', ') || 'none';
    call.deliver({
      response: toolErrorResponse(request, new Error(`unknown tool '${request.name}'; the tools are: ${known}`)),
    });
    return;
  }
  call.tool = tool;
  const runner = tool[RUN_INTO];
  if (runner && !scope.observer && !scope.middleware.length) {
    runner(request.input, call, call);
    return;
  }
  let running: Promise<ToolResult>;
  try {
    running = scope.observer
      ? runObserved(scope.observer, tool, call, resumed)
      : runThroughMiddleware(tool, call, resumed);
  } catch (error) {
    // A middleware that threw before returning its promise.
    call.fail(error);
    return;
  }
  running.then(
    (result) => call.settle(result),
    (error: unknown) => call.fail(error),
  );
}
