import type { RestEndpoint } from './rest-transport.js';
/** The Firestore emulator at `host` (`FIRESTORE_EMULATOR_HOST`: `host:port`), as the SDK talks to it. */
export declare function emulatorEndpoint(host: string): RestEndpoint;
