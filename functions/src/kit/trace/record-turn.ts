import { randomUUID } from 'node:crypto';
import { isKitError } from '../errors/index.js';
import type { GenerateResult, ToolMiddleware } from '../generate/index.js';
import { type ModelMiddleware, type Part, textOf, toolRequestsOf } from '../model/index.js';
import { redactSecrets } from '../redact/index.js';
import { isToolInterruptError } from '../tools/index.js';
import type { TraceStep, TurnTrace } from './turn-trace.js';

/** What a trace starts from. */
export interface TurnTraceInit {
  flow: string;
  /** The model's name, for the model steps. */
  model?: string;
  input: string | Part[] | unknown;
  sessionId?: string;
  uid?: string;
  /** Characters of the user's input kept. Default 200. */
  maxInputChars?: number;
}

/** What a finished turn reports to its trace: a `GenerateResult` or an agent's turn result has both. */
export type TurnEnd = Pick<GenerateResult, 'usage' | 'finishReason'>;

/** Collects one turn's steps through generate's own middleware hooks. */
export interface TurnRecorder {
  /** Model middleware: add it to `generate({ use })`. */
  readonly use: ModelMiddleware;
  /** Tool middleware: add it to `generate({ toolMiddleware })`. */
  readonly toolMiddleware: ToolMiddleware;
  /** The finished trace, from the result (a generation's or an agent turn's) or the error the turn ended with. */
  finish(end: { result?: TurnEnd; error?: unknown; sessionId?: string }): TurnTrace;
}

function inputText(input: TurnTraceInit['input']): string {
  if (typeof input === 'string') return input;
  if (Array.isArray(input) && input.every((p) => typeof p === 'object' && p !== null)) return textOf(input as Part[]);
  return JSON.stringify(input) ?? '';
}

const errorText = (error: unknown): string =>
  redactSecrets(error instanceof Error ? error.message : String(error)).slice(0, 500);

/** Starts recording a turn. */
export function recordTurn(init: TurnTraceInit): TurnRecorder {
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const steps: TraceStep[] = [];

  const use: ModelMiddleware = async (request, options, next) => {
    const t0 = performance.now();
    try {
      const response = await next(request, options);
      const step: TraceStep = {
        kind: 'model',
        // The model that answered: a route or a fallback may have picked another than the agent's.
        model: response.model ?? init.model ?? 'model',
        durationMs: performance.now() - t0,
        outcome: 'ok',
        finishReason: response.finishReason,
        toolRequests: toolRequestsOf(response.message).length,
      };
      const usage = response.usage;
      if (usage?.inputTokens !== undefined) step.inputTokens = usage.inputTokens;
      if (usage?.outputTokens !== undefined) step.outputTokens = usage.outputTokens;
      if (usage?.costUsd !== undefined) step.costUsd = usage.costUsd;
      steps.push(step);
      return response;
    } catch (error) {
      steps.push({
        kind: 'model',
        model: init.model ?? 'model',
        durationMs: performance.now() - t0,
        outcome: 'error',
        error: errorText(error),
      });
      throw error;
    }
  };

  const toolMiddleware: ToolMiddleware = async (call, next) => {
    const t0 = performance.now();
    const base = {
      kind: 'tool' as const,
      name: call.tool.name,
      ref: call.request.ref,
      resumed: call.resumed !== undefined,
    };
    try {
      const result = await next();
      steps.push({ ...base, durationMs: performance.now() - t0, outcome: 'ok' });
      return result;
    } catch (error) {
      const interrupted = isToolInterruptError(error);
      steps.push({
        ...base,
        durationMs: performance.now() - t0,
        outcome: interrupted ? 'interrupt' : 'error',
        ...(interrupted ? {} : { error: errorText(error) }),
      });
      throw error;
    }
  };

  return {
    use,
    toolMiddleware,
    finish({ result, error, sessionId }) {
      const trace: TurnTrace = {
        traceId: randomUUID(),
        flow: init.flow,
        input: redactSecrets(inputText(init.input)).slice(0, init.maxInputChars ?? 200),
        steps,
        latencyMs: performance.now() - started,
        usage: result?.usage ?? {},
        turns: steps.filter((s) => s.kind === 'model').length,
        status: error !== undefined ? 'failed' : result?.finishReason === 'interrupted' ? 'interrupted' : 'done',
        startedAt,
      };
      const session = sessionId ?? init.sessionId;
      if (session !== undefined) trace.sessionId = session;
      if (init.uid !== undefined) trace.uid = init.uid;
      if (result) trace.finishReason = result.finishReason;
      if (error !== undefined) trace.errorCode = isKitError(error) ? error.code : 'internal';
      return trace;
    },
  };
}
