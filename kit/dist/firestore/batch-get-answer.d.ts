import type { RestDocumentJson } from './rest-document.js';
import { RestFirestoreError } from './rest-error.js';
/** What a batchGet answered. */
export interface BatchGetResult {
    /** Each document asked for (undefined: missing). */
    documents: ReadonlyMap<string, RestDocumentJson | undefined>;
    /** The transaction the read began (`newTransaction`), also when it failed: to roll back. */
    transaction: string | undefined;
    /** Why the answer can't be used, if it can't. */
    failure: RestFirestoreError | undefined;
}
/**
 * The documents named `names` in a batchGet's answer. It failed (`failure`) with an error entry's
 * code when the stream failed part way; UNAVAILABLE when the answer is not a batchGet's, or lacks
 * a document asked for — the SDK's "Did not receive document", which has no code; ours says
 * the answer did not come through whole, a read's to send again, as a cut connection. The message
 * counts documents and names none: no content, no ids.
 */
export declare function batchGetResult(answer: unknown, names: readonly string[]): BatchGetResult;
