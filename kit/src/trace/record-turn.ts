import { randomUUID } from 'node:crypto';
import { isKitError } from '../errors/index.js';
import { type FinishReason, type Part, type StepEvent, type StepObserver, textOf, type Usage } from '../model/index.js';
import { redactSecrets } from '../redact/index.js';
import type { TraceStep, TurnTrace } from './turn-trace.js';

/** What a trace starts from. */
export interface TurnTraceInit {
  flow: string;
  input: string | Part[] | unknown;
  sessionId?: string;
  uid?: string;
  /** Characters of the user's input kept. Default 200. */
  maxInputChars?: number;
}

/** What a trace keeps of a finished turn's result: both a generation's result and an agent turn's result have it. */
export type TracedResult = { usage: Usage; finishReason: FinishReason };

/** Collects one turn's steps as a sink of generate's step events. */
export interface TurnRecorder {
  /** The step observer: pass it as `generate({ observer })`. */
  readonly observer: StepObserver;
  /** The finished trace, from the result (a generation's or an agent turn's) or the error the turn ended with. */
  finish(end: { result?: TracedResult; error?: unknown; sessionId?: string }): TurnTrace;
}

function inputText(input: TurnTraceInit['input']): string {
  if (typeof input === 'string') return input;
  if (Array.isArray(input) && input.every((p) => typeof p === 'object' && p !== null)) return textOf(input as Part[]);
  return JSON.stringify(input) ?? '';
}

const errorText = (error: unknown): string =>
  redactSecrets(error instanceof Error ? error.message : String(error)).slice(0, 500);

/** The trace step of a finished model or tool call; undefined for the events a trace does not keep. */
export function traceStepOf(event: StepEvent): TraceStep | undefined {
  if (event.type === 'tool-finished') {
    const { name, ref, resumed, durationMs, outcome } = event;
    const step: TraceStep = { kind: 'tool', name, ref, resumed, durationMs, outcome };
    if (outcome === 'error') step.error = errorText(event.error);
    return step;
  }
  if (event.type !== 'model-finished') return undefined;
  const { model, durationMs, outcome, usage } = event;
  if (outcome === 'error') return { kind: 'model', model, durationMs, outcome, error: errorText(event.error) };
  const step: TraceStep = { kind: 'model', model, durationMs, outcome, toolRequests: event.toolRequests ?? 0 };
  if (event.finishReason !== undefined) step.finishReason = event.finishReason;
  if (usage?.inputTokens !== undefined) step.inputTokens = usage.inputTokens;
  if (usage?.outputTokens !== undefined) step.outputTokens = usage.outputTokens;
  if (usage?.costUsd !== undefined) step.costUsd = usage.costUsd;
  return step;
}

function statusOf(result: TracedResult | undefined, error: unknown): TurnTrace['status'] {
  if (error !== undefined) return 'failed';
  return result?.finishReason === 'interrupted' ? 'interrupted' : 'done';
}

/** Starts recording a turn: its steps come from the observer, its end from `finish`. */
export function recordTurn(init: TurnTraceInit): TurnRecorder {
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const steps: TraceStep[] = [];
  const observer: StepObserver = (event) => {
    const step = traceStepOf(event);
    if (step) steps.push(step);
  };
  return {
    observer,
    finish({ result, error, sessionId }) {
      const trace: TurnTrace = {
        traceId: randomUUID(),
        flow: init.flow,
        input: redactSecrets(inputText(init.input)).slice(0, init.maxInputChars ?? 200),
        steps,
        latencyMs: performance.now() - started,
        usage: result?.usage ?? {},
        rounds: steps.filter((s) => s.kind === 'model').length,
        status: statusOf(result, error),
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
