import { Firestore } from '@google-cloud/firestore';
/**
 * The SDK speaking Firestore's REST API (`preferRest`: gax's HTTP/1.1 fallback instead of gRPC)
 * to the emulator at `host`: its calls are JSON over HTTP, so a recording proxy can put them
 * beside the REST client's. gax's fallback fetches through its auth client; this one adds the
 * emulator's owner token (the emulator needs no more) and fetches with Node's own fetch.
 */
export declare function sdkOverRest(host: string, projectId: string, databaseId?: string): Firestore;
