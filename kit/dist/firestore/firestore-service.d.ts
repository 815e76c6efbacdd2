/** Firestore's own address (the REST API's origin), in Google's default universe. */
export declare const FIRESTORE_ORIGIN = "https://firestore.googleapis.com";
/** The scopes the SDK asks a token for (`FirestoreClient.scopes`). */
export declare const FIRESTORE_SCOPES: readonly string[];
