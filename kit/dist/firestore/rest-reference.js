/**
 * Whether `value` is a document reference ({@link DocumentRef}'s shape: id, path, collection(),
 * get()), recognised without loading the SDK.
 */
export function isDocumentRefLike(value) {
    const ref = value;
    return (typeof ref.path === 'string' &&
        typeof ref.id === 'string' &&
        typeof ref.collection === 'function' &&
        typeof ref.get === 'function');
}
/**
 * The `referenceValue` of `ref`: in its own client's database where it names one (the SDK's
 * reference, as the SDK writes it), else in `root`, the database of the write.
 */
export function referenceNameOf(ref, root) {
    const { projectId, databaseId } = ref.firestore ?? {};
    if (typeof projectId === 'string' && typeof databaseId === 'string') {
        return `projects/${projectId}/databases/${databaseId}/documents/${ref.path}`;
    }
    return `${root}/${ref.path}`;
}
const DOCUMENT_NAME = /^projects\/[^/]+\/databases\/[^/]+\/documents\/([^/]+(?:\/[^/]+)*)$/;
/**
 * The document path (below its database) of a `referenceValue`. As the SDK, the project and
 * database are dropped: a reference reads back as a document of the reading client's database.
 * A name that is not a document's (a collection's) is refused as the SDK refuses it.
 */
export function documentPathOfName(name) {
    const path = DOCUMENT_NAME.exec(name)?.[1];
    if (path === undefined || path.split('/').length % 2 !== 0) {
        throw new TypeError('Firestore sent a reference that is not a document’s (the SDK does not read those either)');
    }
    return path;
}
//# sourceMappingURL=rest-reference.js.map