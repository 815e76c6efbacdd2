import { abortError, isKitError } from '../errors/index.js';
import type { StepObserver, ToolRequest, ToolRequestPart, ToolResponsePart } from '../model/index.js';
import { redactSecrets, redactValue } from '../redact/index.js';
import {
  type ActionContext,
  isToolInterruptError,
  type Tool,
  type ToolResult,
  type ToolRunOptions,
  type ToolState,
} from '../tools/index.js';
import type { ToolCall, ToolMiddleware } from './generate-options.js';
import { lookupTool } from './to-tool-map.js';

/** How one tool call ended: with a response for the model, or with a question for a person. */
export type ToolOutcome =
  | { response: ToolResponsePart; interrupt?: undefined }
  | { interrupt: Record<string, unknown> | true; response?: undefined };

/** Everything a tool call runs with. */
export interface ToolCallScope {
  tools: ReadonlyMap<string, Tool>;
  /** The session state tools read and change, when the caller keeps one. */
  state?: ToolState | undefined;
  context: ActionContext;
  signal: AbortSignal | undefined;
  middleware: readonly ToolMiddleware[];
  observer?: StepObserver | undefined;
}

/**
 * A response that tells the model, in words it can act on, that the call failed. The words are
 * redacted here, where the error becomes data: the model, the stream, the client and the store
 * all get this one copy, so a secret a tool's error quotes reaches none of them.
 */
export function toolErrorResponse(request: ToolRequest, error: unknown): ToolResponsePart {
  const message = redactSecrets(error instanceof Error ? error.message : String(error));
  const code = isKitError(error) ? error.code : 'unknown';
  const fields = isKitError(error) ? redactValue(error.details?.fields) : undefined;
  return {
    toolResponse: {
      name: request.name,
      ...(request.ref === undefined ? {} : { ref: request.ref }),
      output: { error: message },
    },
    metadata: { toolError: fields === undefined ? { code } : { code, fields } },
  };
}

function toResponsePart(request: ToolRequest, result: ToolResult): ToolResponsePart {
  const response: ToolResponsePart['toolResponse'] = { name: request.name, output: result.output };
  if (request.ref !== undefined) response.ref = request.ref;
  if (result.content) response.content = result.content;
  return result.metadata ? { toolResponse: response, metadata: result.metadata } : { toolResponse: response };
}

// Built without spreads: this runs per call.
function runOptions(ref: string, resumed: ToolCall['resumed'], scope: ToolCallScope): ToolRunOptions {
  const options: ToolRunOptions = { ref, context: scope.context };
  if (resumed !== undefined) options.resumed = resumed;
  if (scope.signal) options.signal = scope.signal;
  if (scope.state) options.state = scope.state;
  return options;
}

function runThroughMiddleware(
  tool: Tool,
  request: ToolRequest & { ref: string },
  resumed: ToolCall['resumed'],
  scope: ToolCallScope,
): Promise<ToolResult> {
  const middleware = scope.middleware;
  // No call record and no chain when there is no middleware.
  if (!middleware.length) return tool.run(request.input, runOptions(request.ref, resumed, scope));
  const call: ToolCall = { tool, request, resumed, context: scope.context };
  let next = (): Promise<ToolResult> =>
    call.tool.run(call.request.input, runOptions(call.request.ref, call.resumed, scope));
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
  request: ToolRequest & { ref: string },
  resumed: ToolCall['resumed'],
  scope: ToolCallScope,
): Promise<ToolResult> {
  const call = { name: tool.name, ref: request.ref, resumed: resumed !== undefined };
  observer({ type: 'tool-started', ...call });
  const started = performance.now();
  let running: Promise<ToolResult>;
  try {
    running = runThroughMiddleware(tool, request, resumed, scope);
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
function failedCall(tool: Tool, request: ToolRequest, scope: ToolCallScope, error: unknown): ToolOutcome {
  if (isToolInterruptError(error)) return { interrupt: error.metadata ?? true };
  if (scope.signal?.aborted) throw abortError(scope.signal, `tool '${request.name}'`);
  if (tool.config.onError === 'throw') throw error;
  return { response: toolErrorResponse(request, error) };
}

/**
 * Runs one tool request. Invalid input, an unknown tool, a timeout or a failure become a
 * response the model can read, unless the tool says `onError: 'throw'`; an abort always
 * ends the turn. `next`, when given, maps the outcome in the same step (no promise of its own).
 */
export function executeToolCall<R = ToolOutcome>(
  part: ToolRequestPart & { toolRequest: { ref: string } },
  resumed: Record<string, unknown> | true | undefined,
  scope: ToolCallScope,
  next: (outcome: ToolOutcome) => R | Promise<R> = (outcome) => outcome as R,
): Promise<R> {
  // Not async: per call, one `then` costs less than an async function's suspended frame.
  const request = part.toolRequest;
  const tool = lookupTool(scope.tools, request.name);
  if (!tool) {
    const known = [...scope.tools.keys()].join(', ') || 'none';
    const error = new Error(`unknown tool '${request.name}'; the tools are: ${known}`);
    return Promise.resolve({ response: toolErrorResponse(request, error) }).then(next);
  }
  let running: Promise<ToolResult>;
  try {
    running = scope.observer
      ? runObserved(scope.observer, tool, request, resumed, scope)
      : runThroughMiddleware(tool, request, resumed, scope);
  } catch (error) {
    // A middleware that threw before returning its promise.
    return Promise.resolve()
      .then(() => failedCall(tool, request, scope, error))
      .then(next);
  }
  return running.then(
    (result) => next({ response: toResponsePart(request, result) }),
    (error: unknown) => next(failedCall(tool, request, scope, error)),
  );
}
