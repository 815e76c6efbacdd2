export { countWhere } from './count-where.js';
export type {
  BatchWrites,
  DocumentBatch,
  DocumentDb,
  DocumentRef,
  DocumentSnap,
  DocumentTransaction,
  FieldValues,
  UpdateTime,
  WriteOutcome,
} from './document-db.js';
export { emulatorEndpoint } from './emulator-endpoint.js';
export { fieldValuesOf } from './field-values-of.js';
export { FIRESTORE_ORIGIN } from './firestore-service.js';
export { GoogleAuthEndpoint, type GoogleAuthEndpointOptions } from './google-auth-endpoint.js';
export { onGoogleCloud } from './google-cloud.js';
export { grpcProxyFor } from './grpc-proxy.js';
export { MetadataEndpoint, type MetadataEndpointOptions } from './metadata-endpoint.js';
export { metadataHostFromEnv } from './metadata-server.js';
export { restEndpointFromEnv } from './rest-endpoint.js';
export { RestFirestore, type RestFirestoreOptions } from './rest-firestore.js';
export { RestGeoPoint } from './rest-geo-point.js';
export { RestTimestamp } from './rest-timestamp.js';
export type { RestEndpoint } from './rest-transport.js';
export { sdkFirestore } from './sdk-firestore.js';
export { StagedWrites } from './staged-writes.js';
