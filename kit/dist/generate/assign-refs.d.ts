import type { Message, ToolRequestPart } from '../model/index.js';
/** A tool request whose ref is known. */
export type RefToolRequestPart = ToolRequestPart & {
    toolRequest: {
        ref: string;
    };
};
/**
 * Gives every tool request of a model message a ref. Models that name no call ids still get
 * refs that are unique across the session, because a resume and the turn journal find calls by ref.
 */
export declare function assignRefs(message: Message): Message;
