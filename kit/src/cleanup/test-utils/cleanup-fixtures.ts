import type { Firestore } from '@google-cloud/firestore';
import { type Message, toolRequestsOf } from '../../model/index.js';
import { FirestoreSessionStore } from '../../session/firestore/index.js';

/** A tenant of its own in the test project: a store, and counts of what is stored. */
export interface Tenant {
  prefix: string;
  store: FirestoreSessionStore;
  count(where?: { status: string }): Promise<number>;
  chunkCount(): Promise<number>;
}

/** A store under a fresh collection prefix. */
export function tenant(firestore: Firestore, prefix: string): Tenant {
  const sessions = firestore.collection(`${prefix}sessions`);
  return {
    prefix,
    store: new FirestoreSessionStore({ firestore, prefix }),
    async count(where) {
      const query = where ? sessions.where('status', '==', where.status) : sessions;
      return (await query.count().get()).data().count;
    },
    async chunkCount() {
      return (await firestore.collectionGroup(`${prefix}history`).count().get()).data().count;
    },
  };
}

/**
 * Throws unless `messages` is a conversation a model accepts: a model message follows a user
 * or tool message; a user message follows a model or tool message, never another user message;
 * and every tool request of a model message is answered by the tool message right after it,
 * one response per ref (a tool message answers nothing else).
 */
export function assertWellFormed(messages: readonly Message[]): void {
  const turns = messages.filter((m) => m.role !== 'system');
  turns.forEach((message, i) => {
    const previous = turns[i - 1];
    if (message.role === 'model' && previous?.role === 'model') throw new Error(`two model messages at ${i}`);
    if (message.role === 'user' && previous?.role === 'user') throw new Error(`two user messages at ${i}`);
    if (message.role === 'tool' && previous?.role !== 'model')
      throw new Error(`tool message ${i} follows no model message`);
    const asked = toolRequestsOf(message).map((p) => p.toolRequest.ref);
    if (message.role !== 'model' || !asked.length) return;
    const next = turns[i + 1];
    const answered = (next?.role === 'tool' ? next.content : []).map(
      (p) => (p as { toolResponse?: { ref?: string } }).toolResponse?.ref,
    );
    if ([...answered].sort().join() !== [...asked].sort().join()) {
      throw new Error(
        `the tool requests of message ${i} (${asked.join()}) are answered by ${answered.join() || 'nothing'}`,
      );
    }
  });
}
