/** Firestore's own address (the REST API's origin), in Google's default universe. */
export const FIRESTORE_ORIGIN = 'https://firestore.googleapis.com';

/** The scopes the SDK asks a token for (`FirestoreClient.scopes`). */
export const FIRESTORE_SCOPES: readonly string[] = [
  'https://www.googleapis.com/auth/cloud-platform',
  'https://www.googleapis.com/auth/datastore',
];
