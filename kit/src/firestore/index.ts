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
export { emulatorEndpoint } from './emulator-endpoint.js';
export { fieldValuesOf } from './field-values-of.js';
export { FIRESTORE_ORIGIN, FIRESTORE_SCOPES } from './firestore-service.js';
export { GoogleAuthEndpoint, type GoogleAuthEndpointOptions } from './google-auth-endpoint.js';
export { onGoogleCloud } from './google-cloud.js';
export { grpcProxyFor } from './grpc-proxy.js';
export { MetadataEndpoint, type MetadataEndpointOptions, RENEW_BEFORE_EXPIRY_MS } from './metadata-endpoint.js';
export { MetadataServer, type MetadataServerOptions, metadataHostFromEnv } from './metadata-server.js';
export { projectIdFromEnv, restEndpointFromEnv } from './rest-endpoint.js';
export { RestFirestoreError } from './rest-error.js';
export { RestFirestore, type RestFirestoreOptions } from './rest-firestore.js';
export { RestGeoPoint } from './rest-geo-point.js';
export { RestTimestamp } from './rest-timestamp.js';
export type { RestEndpoint } from './rest-transport.js';
export { sdkFirestore } from './sdk-firestore.js';
