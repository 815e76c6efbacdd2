import { defaultFirestore } from './default-firestore.js';
/**
 * An `onExpired` hook that writes a notification document for the session's owner (a stand-in
 * for a push message through FCM): who, which session, which calls expired (names and refs
 * only: their inputs may be private). Its id is the session's id and version, so a repeated
 * hook call writes the same document.
 */
export function notifyOwner(options = {}) {
    const collection = options.collection ?? 'notifications';
    const ttlMs = options.ttlMs ?? 30 * 24 * 60 * 60 * 1000;
    const source = options.firestore ?? defaultFirestore;
    return async (session, expired) => {
        const db = typeof source === 'function' ? await source() : source;
        const now = (options.clock ?? Date.now)();
        await db
            .collection(collection)
            .doc(`${session.id}-v${session.version}`)
            .set({
            ownerUid: session.ownerUid,
            kind: 'approval-expired',
            sessionId: session.id,
            agent: session.agent,
            calls: expired.map(({ ref, name }) => ({ ref, name })),
            text: 'A request that waited for your approval has expired. Ask again to go on.',
            createdAt: new Date(now),
            expireAt: new Date(now + ttlMs),
        });
    };
}
//# sourceMappingURL=notify-owner.js.map