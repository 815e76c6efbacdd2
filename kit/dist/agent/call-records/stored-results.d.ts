import { type OutputOptions } from '../../generate/index.js';
import type { Session, StoredResult } from '../../session/session-schema.js';
import type { AgentTurnResult } from '../turn/index.js';
/**
 * The results to keep after a call with `requestId` produced `result`: the newest `keep`,
 * within the document budget. `textAt` is the history index of the message holding the text.
 */
export declare function keepResult(results: readonly StoredResult[], requestId: string, result: AgentTurnResult, textAt: number, keep: number, at: number): StoredResult[];
/** What a call whose turn still waits for a person gets when it is retried: the interrupts, read from the journal. */
export declare function waitingResult(session: Session): AgentTurnResult;
/** The result a retry of `requestId` gets, or undefined when none is kept. */
export declare function replayResult(session: Session, requestId: string, output: OutputOptions | undefined): AgentTurnResult | undefined;
/**
 * The result of a turn whose journal already ends with the model's final answer (only its last
 * write was lost): a retry finishes it from there, without asking the model again.
 */
export declare function journaledAnswer(session: Session, output: OutputOptions | undefined): AgentTurnResult | undefined;
