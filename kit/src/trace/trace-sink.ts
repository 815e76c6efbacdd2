import { redactSecrets } from '../redact/index.js';
import type { TurnTrace } from './turn-trace.js';

/** Where finished turn traces go (a log, a collection). A sink that fails never fails the turn. */
export type TraceSink = (trace: TurnTrace) => void | Promise<void>;

/** Hands `trace` to every sink and waits for them; a sink that throws is reported on the console, never rethrown. */
export async function emitTrace(sinks: readonly TraceSink[], trace: TurnTrace): Promise<void> {
  await Promise.all(
    sinks.map(async (sink) => {
      try {
        await sink(trace);
      } catch (error) {
        const reason = redactSecrets(error instanceof Error ? error.message : String(error)).slice(0, 300);
        console.warn(`[callable-flows] a trace sink failed for trace ${trace.traceId}: ${reason}`);
      }
    }),
  );
}

/** A one-line summary of a trace, for log messages. */
export function traceSummary(trace: TurnTrace): string {
  const reason = trace.finishReason ? ` (${trace.finishReason})` : trace.errorCode ? ` (${trace.errorCode})` : '';
  const tokens = (trace.usage.inputTokens ?? 0) + (trace.usage.outputTokens ?? 0);
  return `turn ${trace.flow} ${trace.status}${reason} in ${Math.round(trace.latencyMs)} ms, ${trace.rounds} model call(s), ${tokens} tokens`;
}
