export { emulatorEndpoint } from './emulator-endpoint.js';
export { fieldValuesOf } from './field-values-of.js';
export { FIRESTORE_ORIGIN, FIRESTORE_SCOPES } from './firestore-service.js';
export { GoogleAuthEndpoint } from './google-auth-endpoint.js';
export { onGoogleCloud } from './google-cloud.js';
export { grpcProxyFor } from './grpc-proxy.js';
export { MetadataEndpoint, RENEW_BEFORE_EXPIRY_MS } from './metadata-endpoint.js';
export { MetadataServer, metadataHostFromEnv } from './metadata-server.js';
export { projectIdFromEnv, restEndpointFromEnv } from './rest-endpoint.js';
export { RestFirestoreError } from './rest-error.js';
export { RestFirestore } from './rest-firestore.js';
export { RestGeoPoint } from './rest-geo-point.js';
export { RestTimestamp } from './rest-timestamp.js';
export { sdkFirestore } from './sdk-firestore.js';
//# sourceMappingURL=index.js.map