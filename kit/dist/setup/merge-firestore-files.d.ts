/** What a merge wrote, for the command to say. */
export interface MergedFiles {
    rules: string;
    indexes: string;
    /** The files firebase.json doesn't name yet, which it must for `firebase deploy` to deploy them. */
    unnamed: string[];
}
/**
 * Merges the kit's rules and indexes into the project at `projectDir` (the folder of its
 * firebase.json), into the files its `firestore` section names (default firestore.rules and
 * firestore.indexes.json). Running it again changes nothing.
 */
export declare function mergeFirestoreFiles(projectDir: string): MergedFiles;
