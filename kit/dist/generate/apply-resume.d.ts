import { KitError } from '../errors/index.js';
import { type Message } from '../model/index.js';
import { type Tool } from '../tools/index.js';
import type { ResumeReply } from './resume-reply.js';
/** Where replies come from: a client may not supply the result of a tool that acts on the world. */
export interface ResumeAdmission {
    /** The whole history: a reply naming a call of an earlier, closed round is `ALREADY_ANSWERED`. */
    history?: readonly Message[];
    /**
     * The replies are a client's: `ANSWER_NOT_ALLOWED` for an output of a tool that isn't
     * answerable, and for an edit (`replaceInput`) of fields its tool doesn't declare editable.
     */
    fromClient?: boolean;
}
/**
 * The refusal of a resume on a history with no open round: `ALREADY_ANSWERED` when a reply
 * names a call the history holds, `NOTHING_TO_RESUME` otherwise.
 */
export declare function nothingToResume(history: readonly Message[], sessionId: string, replies: ResumeReply[]): KitError;
/**
 * Journals a person's answers on the open round that `message` holds, in one pass: each reply
 * is matched to its call (by ref, and tool name) and checked once; a waiting call takes its
 * answer (respond and decline record the response, restart records the approval and any
 * replaced input as the tool's schema parsed it: for a client, its edit merged over the stored
 * input at the fields the tool declares editable). A reply that carries the interrupt's
 * `inputDigest` is admitted only while the stored call has that input (`APPROVAL_STALE`). An answer once given is final: the same
 * answer again is a no-op (a retried resume), a different one is `failed-precondition`
 * (`ALREADY_ANSWERED`). Nothing runs here.
 */
export declare function applyResume(message: Message, replies: ResumeReply[], tools: ReadonlyMap<string, Tool>, admission?: ResumeAdmission): Message;
