import { Firestore } from '@google-cloud/firestore';
/**
 * The SDK speaking Firestore's REST API (`preferRest`: gax's HTTP/1.1 fallback instead of gRPC)
 * to the emulator at `host`: its calls are JSON over HTTP, so a recording proxy can put them
 * beside the REST client's. gax's fallback fetches through its auth client; this one adds the
 * emulator's owner token (the emulator needs no more) and fetches with Node's own fetch.
 */
export function sdkOverRest(host, projectId, databaseId = '(default)') {
    const auth = {
        universeDomain: 'googleapis.com',
        getClient: async () => auth,
        getRequestHeaders: async () => new Headers(),
        fetch: (url, init) => {
            const headers = new Headers(init.headers);
            headers.set('authorization', 'Bearer owner');
            return fetch(url, { method: init.method, body: init.body, headers, signal: init.signal });
        },
    };
    // FIRESTORE_EMULATOR_HOST (the test run's emulator) would win over `host`; no metadata server here.
    const emulator = process.env.FIRESTORE_EMULATOR_HOST;
    delete process.env.FIRESTORE_EMULATOR_HOST;
    process.env.METADATA_SERVER_DETECTION ??= 'none';
    try {
        const settings = { projectId, databaseId, host, ssl: false, preferRest: true, auth };
        return new Firestore(settings);
    }
    finally {
        if (emulator !== undefined)
            process.env.FIRESTORE_EMULATOR_HOST = emulator;
    }
}
//# sourceMappingURL=sdk-over-rest.js.map