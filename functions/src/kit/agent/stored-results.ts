import { extractJson, type OutputOptions, parseOutput } from '../generate/index.js';
import { textOf } from '../model/index.js';
import type { Session, StoredResult } from '../session/session-schema.js';
import type { AgentTurnResult } from './agent.js';

// Results are kept in the session document, which must stay small: a result whose text is
// large keeps a pointer to the history message that holds the text instead of a copy.
const INLINE_UNITS = 16 * 1024;
const TOTAL_UNITS = 64 * 1024;

/**
 * The results to keep after a call with `requestId` produced `result`: the newest `keep`,
 * within the document budget. `textAt` is the history index of the message holding the text.
 */
export function keepResult(
  results: readonly StoredResult[],
  requestId: string,
  result: AgentTurnResult,
  textAt: number,
  keep: number,
  at: number,
): StoredResult[] {
  let stored: StoredResult = { requestId, result, at };
  if (JSON.stringify(result).length > INLINE_UNITS) {
    const { output: _output, ...rest } = result;
    stored = { requestId, result: { ...rest, text: '' }, textAt, at };
  }
  const kept = [stored];
  let units = JSON.stringify(stored).length;
  for (let i = results.length - 1; i >= 0 && kept.length < keep; i--) {
    const older = results[i] as StoredResult;
    if (older.requestId === requestId) continue;
    units += JSON.stringify(older).length;
    if (units > TOTAL_UNITS) break;
    kept.unshift(older);
  }
  return kept;
}

/** The result a retry of `requestId` gets, or undefined when none is kept. */
export function replayResult(
  session: Session,
  requestId: string,
  output: OutputOptions | undefined,
): AgentTurnResult | undefined {
  const stored = session.results.find((r) => r.requestId === requestId);
  if (!stored) return undefined;
  const result = stored.result as AgentTurnResult;
  if (stored.textAt === undefined) return result;
  const message = session.history[stored.textAt];
  const text = message ? textOf(message.content) : '';
  const rebuilt: AgentTurnResult = { ...result, text };
  if (result.finishReason === 'stop' && (output?.schema || output?.format === 'json')) {
    try {
      rebuilt.output = output.schema ? parseOutput(text, output.schema) : extractJson(text);
    } catch {
      // The first call's output parsed, so this one does too; if not, the text stands alone.
    }
  }
  return rebuilt;
}
