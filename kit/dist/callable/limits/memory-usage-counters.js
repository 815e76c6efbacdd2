import { zeroUsage } from './usage-counters.js';
/** Usage counters in this process's memory (tests, a single instance); counts its reads and writes. */
export class InMemoryUsageCounters {
    /** Documents read and written so far (the cost a Firestore store would have). */
    ops = { reads: 0, writes: 0 };
    days = new Map();
    async read(uid, day) {
        this.ops.reads++;
        const counts = this.days.get(`${uid}/${day}`) ?? zeroUsage();
        return { tokens: counts.tokens, calls: { ...counts.calls }, sessions: { ...counts.sessions } };
    }
    async add(uid, day, delta) {
        this.ops.writes++;
        const key = `${uid}/${day}`;
        const counts = this.days.get(key) ?? zeroUsage();
        counts.tokens += delta.tokens;
        counts.calls[delta.minute] = (counts.calls[delta.minute] ?? 0) + 1;
        if (delta.sessionId)
            counts.sessions[delta.sessionId] = (counts.sessions[delta.sessionId] ?? 0) + delta.tokens;
        this.days.set(key, counts);
    }
}
//# sourceMappingURL=memory-usage-counters.js.map