import { randomUUID } from 'node:crypto';
import { Firestore } from '@google-cloud/firestore';
/** A unique `demo-` project id (no credentials needed) for one test file. */
export function demoProjectId(label) {
    return `demo-${label}-${randomUUID().slice(0, 8)}`;
}
/** A Firestore client of the emulator at `host`, for one project: no default app, so test files can't clash. */
export function emulatorFirestore(host, projectId) {
    // No Google metadata server here: without this, the client's auth probes for one (a second's
    // wait and a warning) although the emulator needs no credentials.
    process.env.METADATA_SERVER_DETECTION ??= 'none';
    return new Firestore({ projectId, host, ssl: false, customHeaders: { Authorization: 'Bearer owner' } });
}
//# sourceMappingURL=emulator-firestore.js.map