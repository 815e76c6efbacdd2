import { KitError } from '../../errors/index.js';
/** The gRPC status code of a Firestore error, if it has one. */
export declare function firestoreCode(error: unknown): number | undefined;
/**
 * A Firestore failure as a kit error with the code and reason a client can act on. The message
 * is the kit's own words and the status name; Firestore's message (project ids, document paths,
 * hosts) stays in `cause`, which only the redacted log reads.
 */
export declare function fromFirestoreError(error: unknown, what: string): KitError;
