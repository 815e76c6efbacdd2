export type {
  CollectionRef,
  DocumentBatch,
  DocumentDb,
  DocumentFields,
  DocumentRef,
  DocumentSnap,
  DocumentTransaction,
  FieldValues,
  UpdateTime,
  WriteOutcome,
  WritePrecondition,
} from './document-db.js';
export { fieldValuesOf } from './field-values-of.js';
export { metadataAuthorization, projectIdFromEnv, restEndpointFromEnv } from './rest-endpoint.js';
export { RestFirestoreError } from './rest-error.js';
export { RestFirestore, type RestFirestoreOptions } from './rest-firestore.js';
export { RestTimestamp } from './rest-timestamp.js';
export type { RestEndpoint } from './rest-transport.js';
export { sdkFirestore } from './sdk-firestore.js';
