import { DEFAULT_TRACES_COLLECTION } from './firestore-trace-sink.js';
import { TurnTraceSchema } from './turn-trace.js';
/** Reads the traces a {@link firestoreTraceSink} stored, oldest first, a page at a time. */
export async function readTraces(firestore, options = {}) {
    const max = options.max ?? 100_000;
    const pageSize = options.pageSize ?? 1000;
    let query = firestore.collection(options.collection ?? DEFAULT_TRACES_COLLECTION);
    if (options.since !== undefined)
        query = query.where('at', '>=', new Date(options.since));
    query = query.orderBy('at');
    const traces = [];
    let invalid = 0;
    let page = await query.limit(pageSize).get();
    while (!page.empty && traces.length < max) {
        for (const doc of page.docs) {
            const data = doc.data();
            // A trace stored before `turns` was renamed `rounds` (the same count: model calls) reads as one.
            const parsed = TurnTraceSchema.safeParse('rounds' in data ? data : { ...data, rounds: data.turns });
            if (!parsed.success)
                invalid++;
            // The flow is filtered here, not in the query: a flow + time query would need a composite index.
            else if (options.flow === undefined || parsed.data.flow === options.flow)
                traces.push(parsed.data);
        }
        if (page.size < pageSize)
            break;
        page = await query.startAfter(page.docs.at(-1)).limit(pageSize).get();
    }
    return { traces: traces.slice(0, max), invalid };
}
//# sourceMappingURL=read-traces.js.map