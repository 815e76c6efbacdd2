import { type Message, type StepObserver } from '../../model/index.js';
import type { Summary } from '../../session/session-schema.js';
import type { AgentRuntime } from '../runtime/index.js';
import type { AgentCallContext, AgentTurnResult, StartedTurn } from '../turn/index.js';
import type { TurnJournal } from './turn-journal.js';
import type { TurnWriter } from './turn-writer.js';
/** What a turn produced: the history and state to store, the summary to keep, the result for the caller. */
export interface FinishedTurn {
    history: Message[];
    state: unknown;
    summary: Summary | undefined;
    result: AgentTurnResult;
}
/**
 * Runs one turn under its lease: compression (new turns only), then the generate loop over the
 * session's history, going on with the open round first when the history ends with one (a
 * resume's answers were journaled when the turn began; a retry goes on from what it recorded).
 * Every step goes through `journal`; `observer` (the trace's) sees every model and tool call.
 */
export declare function runTurn(rt: AgentRuntime, journal: TurnJournal, writer: TurnWriter, turn: StartedTurn, ctx: AgentCallContext, observer?: StepObserver): Promise<FinishedTurn>;
