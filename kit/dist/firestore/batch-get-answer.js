import { RestFirestoreError, restErrorOfJson } from './rest-error.js';
/** gRPC's UNAVAILABLE: the answer did not come through whole. */
const UNAVAILABLE = 14;
/**
 * The documents named `names` in a batchGet's answer. It failed (`failure`) with an error entry's
 * code when the stream failed part way; UNAVAILABLE when the answer is not a batchGet's, or lacks
 * a document asked for — the SDK's "Did not receive document", which has no code; ours says
 * the answer did not come through whole, a read's to send again, as a cut connection. The message
 * counts documents and names none: no content, no ids.
 */
export function batchGetResult(answer, names) {
    const documents = new Map();
    let transaction;
    if (!Array.isArray(answer)) {
        return {
            documents,
            transaction,
            failure: new RestFirestoreError(UNAVAILABLE, 'UNAVAILABLE: batchGet answered no array'),
        };
    }
    for (const entry of answer) {
        if (entry?.transaction)
            transaction = entry.transaction;
        if (entry?.error)
            return { documents, transaction, failure: restErrorOfJson(entry.error, 200) };
        if (entry?.found)
            documents.set(entry.found.name, entry.found);
        else if (entry?.missing)
            documents.set(entry.missing, undefined);
    }
    const absent = names.filter((name) => !documents.has(name)).length;
    const failure = absent > 0
        ? new RestFirestoreError(UNAVAILABLE, `UNAVAILABLE: batchGet answered without ${absent} of the ${names.length} documents asked for`)
        : undefined;
    return { documents, transaction, failure };
}
//# sourceMappingURL=batch-get-answer.js.map