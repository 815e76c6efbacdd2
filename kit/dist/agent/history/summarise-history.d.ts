import type { Message, Model, Usage } from '../../model/index.js';
/** A conversation as plain text for a summariser: who said what, which tools ran with what result. */
export declare function renderTranscript(messages: readonly Message[]): string;
/** What {@link summariseHistory} needs. */
export interface SummariseOptions {
    model: Model;
    instructions: string;
    /** The summary of what came before `messages`, folded into the new one. */
    previous?: string;
    messages: readonly Message[];
    maxChars: number;
    signal?: AbortSignal;
}
/** Asks the model for a summary of `messages` (and the previous summary). */
export declare function summariseHistory(options: SummariseOptions): Promise<{
    text: string;
    usage: Usage;
}>;
