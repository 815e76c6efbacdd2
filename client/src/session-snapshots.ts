import {
  type LiveDoc,
  LiveDocSchema,
  type QueueDoc,
  QueueDocSchema,
  type SessionDoc,
  SessionDocSchema,
} from '@callable-flows/protocol/session-doc';
import { FlowError } from './flow-error.js';
import type { FlowTypes } from './flow-types.js';
import { type SessionView, toSessionView } from './session-view.js';

/** Which chunk documents to start and stop listening to after a new session document. */
export interface ChunkChanges {
  listen: number[];
  stop: number[];
}

/**
 * What one watch has seen: the newest session document, its queue document and the texts of
 * the chunk documents it names, and the view they make together once they add up. No Firebase here: `watch` feeds
 * it snapshots.
 */
export class SessionSnapshots<T extends FlowTypes = FlowTypes> {
  private readonly sessionId: string;
  private doc: SessionDoc | undefined;
  private fromCache = false;
  /** The queue document: undefined until its first snapshot, null while there is none. */
  private queueDoc: QueueDoc | null | undefined;
  /** The live document: undefined while there is none (or it is not one this client knows). */
  private liveDoc: LiveDoc | undefined;
  /** Chunk index → its text (undefined until its first snapshot). */
  private readonly chunks = new Map<number, string | undefined>();

  constructor(sessionId: string) {
    this.sessionId = sessionId;
  }

  /** Takes the session document's data; `data-loss` when it is not a session document. */
  document(data: unknown, fromCache: boolean): ChunkChanges {
    const parsed = SessionDocSchema.safeParse(data);
    if (!parsed.success) {
      throw new FlowError('data-loss', `session '${this.sessionId}' is not a session document this client knows`);
    }
    this.doc = parsed.data;
    this.fromCache = fromCache;
    const count = parsed.data.history.chunks.length;
    const changes: ChunkChanges = { listen: [], stop: [] };
    for (let i = 0; i < count; i++) {
      if (this.chunks.has(i)) continue;
      this.chunks.set(i, undefined);
      changes.listen.push(i);
    }
    for (const i of [...this.chunks.keys()]) {
      if (i < count) continue;
      this.chunks.delete(i);
      changes.stop.push(i);
    }
    return changes;
  }

  /** Takes chunk document `index`'s `text` field (undefined while it doesn't exist). */
  chunk(index: number, text: unknown): void {
    if (this.chunks.has(index)) this.chunks.set(index, typeof text === 'string' ? text : undefined);
  }

  /** Takes the queue document's data (undefined while it doesn't exist); `data-loss` when it is not a queue document. */
  queue(data: unknown): void {
    if (data === undefined) {
      this.queueDoc = null;
      return;
    }
    const parsed = QueueDocSchema.safeParse(data);
    if (!parsed.success) {
      throw new FlowError('data-loss', `the queue of session '${this.sessionId}' is not a document this client knows`);
    }
    this.queueDoc = parsed.data;
  }

  /**
   * Takes the live document's data (undefined while it doesn't exist). One this client can't read
   * is taken as none: the words arrive with the journal anyway, so it never ends the watch.
   */
  live(data: unknown): void {
    const parsed = data === undefined ? undefined : LiveDocSchema.safeParse(data);
    this.liveDoc = parsed?.success ? parsed.data : undefined;
  }

  /** The view, once the document, its queue and every chunk it names are there and add up; else undefined. */
  view(): SessionView<T> | undefined {
    if (!this.doc || this.queueDoc === undefined) return undefined;
    const texts: string[] = [];
    for (let i = 0; i < this.doc.history.chunks.length; i++) {
      const text = this.chunks.get(i);
      if (text === undefined) return undefined;
      texts.push(text);
    }
    return toSessionView<T>(this.doc, texts, this.fromCache, this.queueDoc ?? undefined, this.liveDoc);
  }
}
