/**
 * A document reference of some Firestore client, as far as writing it as a value needs: the
 * SDK's `DocumentReference` (which also names its client's project and database), or one of
 * the REST client's own.
 */
export interface DocumentRefLike {
    readonly id: string;
    readonly path: string;
    readonly firestore?: {
        readonly projectId?: unknown;
        readonly databaseId?: unknown;
    };
}
/**
 * Whether `value` is a document reference ({@link DocumentRef}'s shape: id, path, collection(),
 * get()), recognised without loading the SDK.
 */
export declare function isDocumentRefLike(value: object): value is DocumentRefLike;
/**
 * The `referenceValue` of `ref`: in its own client's database where it names one (the SDK's
 * reference, as the SDK writes it), else in `root`, the database of the write.
 */
export declare function referenceNameOf(ref: DocumentRefLike, root: string): string;
/**
 * The document path (below its database) of a `referenceValue`. As the SDK, the project and
 * database are dropped: a reference reads back as a document of the reading client's database.
 * A name that is not a document's (a collection's) is refused as the SDK refuses it.
 */
export declare function documentPathOfName(name: string): string;
