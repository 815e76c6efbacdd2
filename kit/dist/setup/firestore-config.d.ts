/** The markers around the kit's block of rules; everything between them is the kit's. */
export declare const RULES_BEGIN = "// callable-flows:begin";
export declare const RULES_END = "// callable-flows:end";
/** Why a merge can't be made: the project's file is not laid out as Firestore's are. */
export declare class FirestoreConfigError extends Error {
    readonly name = "FirestoreConfigError";
}
/**
 * The project's rules with the kit's block in them: replaced where the markers already are,
 * otherwise put first inside `match /databases/{database}/documents`. No project rules yet: the
 * kit's own file.
 */
export declare function mergeRules(projectRules: string | undefined, kitRules: string): string;
/** firestore.indexes.json, as far as the merge reads it. */
export interface FirestoreIndexes {
    indexes: unknown[];
    fieldOverrides: {
        collectionGroup: string;
        fieldPath: string;
    }[];
    [key: string]: unknown;
}
/**
 * The project's indexes with the kit's: each kit index added unless the project has it already;
 * each kit field override put in place of the project's for the same collection group and field.
 */
export declare function mergeIndexes(projectIndexes: string | undefined, kitIndexes: string): string;
