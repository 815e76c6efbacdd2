import type { Message } from '../../model/index.js';
import type { Session } from '../session-schema.js';
import type { HistoryLayout, HistoryPlan } from './history-layout.js';
/** The etag of a document version: its update time, to the nanosecond. */
export declare function etagOf(time: {
    seconds: number;
    nanoseconds: number;
}): string;
/** A session document as read: the session's fields and where its history lies. */
export interface SessionDocRead {
    layout: HistoryLayout;
    tail: string;
    /** Builds the session once the chunk documents' messages are known. */
    toSession(history: Message[]): Session;
}
/** Reads a session document; `data-loss` when it isn't one. */
export declare function readSessionDoc(data: unknown, id: string): SessionDocRead;
/** The whole document of `session` whose history is laid out as `plan` says (a create, or a rewrite). */
export declare function sessionDocFields(session: Session, plan: HistoryPlan): Record<string, unknown>;
/** A document field by its path (`history.lines.m000012`), and its new value; `undefined` deletes it. */
export type FieldChange = [path: string, value: unknown];
/**
 * The fields a write changes, to replace `before` (laid out as `layout`) by `next`
 * laid out as `plan` says: only what differs, so a warm turn's bytes don't grow with its history.
 * Tail lines the plan shares with the stored copy (the same message objects) aren't sent again.
 */
export declare function sessionFieldChanges(before: Session, layout: HistoryLayout, next: Session, plan: HistoryPlan): FieldChange[];
