export { emulatorEndpoint } from './emulator-endpoint.js';
export { fieldValuesOf } from './field-values-of.js';
export { FIRESTORE_ORIGIN } from './firestore-service.js';
export { GoogleAuthEndpoint } from './google-auth-endpoint.js';
export { onGoogleCloud } from './google-cloud.js';
export { grpcProxyFor } from './grpc-proxy.js';
export { MetadataEndpoint } from './metadata-endpoint.js';
export { metadataHostFromEnv } from './metadata-server.js';
export { restEndpointFromEnv } from './rest-endpoint.js';
export { RestFirestore } from './rest-firestore.js';
export { RestGeoPoint } from './rest-geo-point.js';
export { RestTimestamp } from './rest-timestamp.js';
export { sdkFirestore } from './sdk-firestore.js';
//# sourceMappingURL=index.js.map