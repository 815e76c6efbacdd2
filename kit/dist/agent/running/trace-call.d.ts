import type { Part, StepObserver } from '../../model/index.js';
import type { AgentRuntime } from '../runtime/index.js';
import type { AgentCallContext, AgentInput, AgentTurnResult } from '../turn/index.js';
/** What one call did: its result, and whether it was the stored result of a repeated request id. */
export interface CallOutcome {
    result: AgentTurnResult;
    replayed: boolean;
}
/** The resume's replies as `restart name#ref`, every kind of reply the wire protocol has (decline too). */
export declare function resumeReplies(resume: NonNullable<AgentInput['resume']>): string[];
/** What a call asked: a client's input, or the server's continuation of a lapsed turn. */
export type CallInput = AgentInput | 'continuation';
/** What a call asked, as its trace's input: the user's message, which interrupts a resume answers, or a continuation. */
export declare function traceInput(input: CallInput): string | Part[];
/**
 * One agent call, observed once: an `invoke_agent {name}` span (the session, a `resume` event
 * naming the replies, an `interrupt` event per question the turn leaves, usage and cost; a
 * failure carries its code and reason) in which the turn's rounds, model and tool calls nest,
 * and the call's stored trace, fed by generate's step events through `run`'s observer.
 */
export declare function traceCall(rt: AgentRuntime, sessionId: string | undefined, input: CallInput, ctx: AgentCallContext, run: (observer: StepObserver | undefined) => Promise<CallOutcome>): Promise<AgentTurnResult>;
