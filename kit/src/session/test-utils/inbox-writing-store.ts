import { approvalId } from '@callable-flows/protocol';
import type { DocumentDb } from '../../firestore/index.js';
import type { ToolRequestPart } from '../../model/index.js';
import { FirestoreSessionStore, type FirestoreSessionStoreOptions } from '../firestore/index.js';
import { pendingOf } from '../pending-of.js';
import type { Session } from '../session-schema.js';
import type { SessionRecord, SessionWriteOptions } from '../session-store.js';

/** The inbox document of a waiting call in the inbox contract's shape (as the store's writer of it writes it). */
export function inboxDocOf(session: Session, part: ToolRequestPart): Record<string, unknown> {
  const metadata = part.metadata ?? {};
  const asked = metadata.interrupt;
  return {
    sessionId: session.id,
    ref: part.toolRequest.ref,
    tool: part.toolRequest.name,
    metadata: typeof asked === 'object' && asked !== null ? asked : {},
    inputDigest: metadata.inputDigest ?? '',
    ownerUid: session.ownerUid,
    approverUids: [session.ownerUid],
    approverClaim: null,
    state: 'waiting',
    waitingSince: new Date(session.updatedAt),
    expiresAt: null,
    expireAt: new Date(session.expireAt),
  };
}

const refsOf = (session: Session | undefined): Map<string, ToolRequestPart> =>
  new Map(session ? pendingOf(session.history).interrupts.map((p) => [p.toolRequest.ref as string, p]) : []);

/**
 * A Firestore session store that also keeps the approvals inbox: after each write, a document for
 * each call the write made wait, and `answered` for each it stopped waiting on. A stand-in for the
 * store's own inbox writer (which writes them in the session's commit), for the tests of the notices.
 */
export class InboxWritingStore extends FirestoreSessionStore {
  private readonly inboxDb: DocumentDb;
  private readonly inbox: string;

  constructor(options: FirestoreSessionStoreOptions) {
    super(options);
    this.inboxDb = options.firestore;
    this.inbox = `${options.prefix ?? ''}approvals`;
  }

  override async create(session: Session): Promise<SessionRecord> {
    const record = await super.create(session);
    await this.keepInbox(undefined, record.session);
    return record;
  }

  override async write(expected: SessionRecord, next: Session, options?: SessionWriteOptions): Promise<SessionRecord> {
    const record = await super.write(expected, next, options);
    await this.keepInbox(expected.session, record.session);
    return record;
  }

  private async keepInbox(before: Session | undefined, after: Session): Promise<void> {
    const [was, is] = [refsOf(before), refsOf(after)];
    const batch = this.inboxDb.batch();
    let writes = 0;
    for (const [ref, part] of is) {
      if (was.has(ref)) continue;
      batch.set(this.inboxDb.collection(this.inbox).doc(approvalId(after.id, ref)), inboxDocOf(after, part));
      writes++;
    }
    for (const ref of was.keys()) {
      if (is.has(ref)) continue;
      const doc = this.inboxDb.collection(this.inbox).doc(approvalId(after.id, ref));
      batch.update(doc, { state: 'answered', closedAt: new Date(after.updatedAt) });
      writes++;
    }
    if (writes) await batch.commit();
  }
}
