import type { Firestore } from '@google-cloud/firestore';
import { type Message } from '../../model/index.js';
import { FirestoreSessionStore } from '../../session/firestore/index.js';
/** A tenant of its own in the test project: a store, and counts of what is stored. */
export interface Tenant {
    prefix: string;
    store: FirestoreSessionStore;
    count(where?: {
        status: string;
    }): Promise<number>;
    chunkCount(): Promise<number>;
}
/** A store under a fresh collection prefix. */
export declare function tenant(firestore: Firestore, prefix: string): Tenant;
/**
 * Throws unless `messages` is a conversation a model accepts: a model message follows a user
 * or tool message; a user message follows a model or tool message, never another user message;
 * and every tool request of a model message is answered by the tool message right after it,
 * one response per ref (a tool message answers nothing else).
 */
export declare function assertWellFormed(messages: readonly Message[]): void;
