import { openRoundOf, splitPathRef } from '../../call-state/index.js';
import { extractJson, type OutputOptions, parseOutput } from '../../generate/index.js';
import { type Message, type ToolRequestPart, textOf, toolRequestsOf } from '../../model/index.js';
import type { Session, StoredResult } from '../../session/session-schema.js';
import type { AgentTurnResult, PendingInterrupt } from '../turn/index.js';
import { pendingInterruptsOf, toPendingInterrupt } from './to-turn-result.js';

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
  // The interrupts stay in the history only: their input and metadata may be large.
  const interruptRefs = result.interrupts.map((i) => i.ref);
  const lean: AgentTurnResult = { ...result, interrupts: [] };
  let stored: StoredResult = { requestId, result: lean, at, ...(interruptRefs.length ? { interruptRefs } : {}) };
  if (JSON.stringify(lean).length > INLINE_UNITS) {
    const { output: _output, ...rest } = lean;
    stored = { ...stored, result: { ...rest, text: '' }, textAt };
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

/** The request of call `ref`, the newest the history holds. */
function requestOf(history: readonly Message[], ref: string): ToolRequestPart | undefined {
  for (let i = history.length - 1; i >= 0; i--) {
    const found = toolRequestsOf(history[i]).find((p) => p.toolRequest.ref === ref);
    if (found) return found;
  }
  return undefined;
}

/** An interrupt of a stored result, read back from the history (answered since: as it was asked). */
function interruptOf(history: readonly Message[], ref: string): PendingInterrupt | undefined {
  // A sub-agent's question is kept by its path ref: it is read back from the sub-agent call that asked it.
  const path = splitPathRef(ref);
  const part = requestOf(history, path ? path.head : ref);
  if (!part) return undefined;
  return path ? pendingInterruptsOf(part).find((i) => i.ref === ref) : toPendingInterrupt(part);
}

/** What a call whose turn still waits for a person gets when it is retried: the interrupts, read from the journal. */
export function waitingResult(session: Session): AgentTurnResult {
  return {
    sessionId: session.id,
    status: 'interrupted',
    finishReason: 'interrupted',
    text: '',
    interrupts: session.interrupts.flatMap(pendingInterruptsOf),
    usage: {},
  };
}

/** The result a retry of `requestId` gets, or undefined when none is kept. */
export function replayResult(
  session: Session,
  requestId: string,
  output: OutputOptions | undefined,
): AgentTurnResult | undefined {
  const stored = session.results.find((r) => r.requestId === requestId);
  if (!stored) return undefined;
  let result = stored.result as AgentTurnResult;
  if (stored.interruptRefs) {
    const interrupts = stored.interruptRefs.map((ref) => interruptOf(session.history, ref));
    result = { ...result, interrupts: interrupts.filter((i): i is PendingInterrupt => i !== undefined) };
  }
  if (stored.textAt === undefined) return result;
  const message = session.history[stored.textAt];
  return withText(result, message ? textOf(message.content) : '', output);
}

/** `result` with `text`, and the output parsed from it again when the agent has one. */
function withText(result: AgentTurnResult, text: string, output: OutputOptions | undefined): AgentTurnResult {
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

/**
 * The result of a turn whose journal already ends with the model's final answer (only its last
 * write was lost): a retry finishes it from there, without asking the model again.
 */
export function journaledAnswer(session: Session, output: OutputOptions | undefined): AgentTurnResult | undefined {
  const last = session.history.at(-1);
  const start = session.turn?.start;
  if (start === undefined || last?.role !== 'model' || session.history.length - 1 <= start) return undefined;
  if (openRoundOf(session.history)) return undefined;
  const answer: AgentTurnResult = {
    sessionId: session.id,
    status: 'done',
    finishReason: 'stop',
    text: '',
    interrupts: [],
    usage: {},
  };
  return withText(answer, textOf(last.content), output);
}
