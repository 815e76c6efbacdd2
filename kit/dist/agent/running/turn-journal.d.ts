import type { z } from 'zod';
import { type ModelResponseStep, type ToolResultStep } from '../../generate/index.js';
import { type Message } from '../../model/index.js';
import type { Session } from '../../session/index.js';
import type { Tool, ToolState } from '../../tools/index.js';
import type { TurnWriter } from './turn-writer.js';
/**
 * A turn as a journal over its session. Every step that changes the world or the conversation
 * is committed (under the lease, fenced) before the next begins: a model message that asks
 * for tools before they run, the result of each tool with side effects as it finishes. Results
 * of tools declared `sideEffects: 'none'` ride along with the next write. The journal's
 * `history` is the conversation as it stands, so a failed turn stores exactly what ran.
 */
export declare class TurnJournal {
    private readonly writer;
    private readonly tools;
    /** Messages the generation doesn't see (summarised away) but the session keeps. */
    private base;
    private current;
    private readonly schema;
    /** The session state as journaled so far (with the results it came with). */
    private committedState;
    /** Updates of calls still running, kept until their result is journaled. */
    private readonly pendingUpdates;
    constructor(writer: TurnWriter, tools: ReadonlyMap<string, Tool>, state?: {
        schema: z.ZodType;
        initial: unknown;
    });
    /** The session state with every journaled update. */
    get state(): unknown;
    /** How tools of this turn read and change the state (undefined when the agent keeps none). */
    get toolState(): ToolState | undefined;
    private stateFor;
    private checked;
    /** The stored history as it stands now, with every result journaled so far. */
    get history(): Message[];
    /** The session as the journal would store it: its history and state, and the writer's fields. */
    withHistory(session: Session): Session;
    /** Starts journaling a generation that sees the history after `base`. */
    begin(base: readonly Message[]): void;
    /** The stored history a generation's messages stand for. */
    toStored(messages: readonly Message[]): Message[];
    /** Step hook: the model's message is stored before any tool it asks for runs (pure tools excepted). */
    readonly modelResponded: (step: ModelResponseStep) => Promise<void>;
    /** Step hook: a finished call's result is stamped on its request, and stored unless the tool is pure. */
    readonly toolFinished: (step: ToolResultStep) => Promise<void>;
    /** The state updates of call `ref` become part of the journal, with its result. */
    private applyUpdates;
    private commit;
}
