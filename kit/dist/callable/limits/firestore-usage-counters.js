import { fieldValuesOf } from '../../firestore/index.js';
import { DAY_MS, zeroUsage } from './usage-counters.js';
function numbers(value) {
    const out = {};
    if (typeof value !== 'object' || value === null)
        return out;
    for (const [key, n] of Object.entries(value))
        if (typeof n === 'number')
            out[key] = n;
    return out;
}
/**
 * Usage counters in Firestore: `usageCounters/{uid}_{day}`, one small document per user per UTC
 * day, written only with `FieldValue.increment` in a merge (one write per call, no read, no
 * transaction), with `expireAt` a day after the day ends for a TTL policy.
 */
export class FirestoreUsageCounters {
    options;
    constructor(options) {
        this.options = options;
    }
    async read(uid, day) {
        const snap = await this.docOf(await this.db(), uid, day).get();
        this.options.onOperation?.({ reads: 1, writes: 0 });
        if (!snap.exists)
            return zeroUsage();
        const data = snap.data() ?? {};
        return {
            tokens: typeof data.tokens === 'number' ? data.tokens : 0,
            calls: numbers(data.calls),
            sessions: numbers(data.sessions),
        };
    }
    async add(uid, day, delta) {
        const db = await this.db();
        const ref = this.docOf(db, uid, day);
        const FieldValue = await fieldValuesOf(db);
        const fields = {
            uid,
            day,
            expireAt: new Date(Date.parse(`${day}T00:00:00Z`) + 2 * DAY_MS),
            tokens: FieldValue.increment(delta.tokens),
            calls: { [String(delta.minute)]: FieldValue.increment(1) },
        };
        if (delta.sessionId)
            fields.sessions = { [delta.sessionId]: FieldValue.increment(delta.tokens) };
        await ref.set(fields, { merge: true });
        this.options.onOperation?.({ reads: 0, writes: 1 });
    }
    async db() {
        const { firestore } = this.options;
        return typeof firestore === 'function' ? await firestore() : firestore;
    }
    docOf(db, uid, day) {
        // A uid may hold any character but `/`, which a document id can't.
        return db.collection(this.options.collection ?? 'usageCounters').doc(`${encodeURIComponent(uid)}_${day}`);
    }
}
//# sourceMappingURL=firestore-usage-counters.js.map