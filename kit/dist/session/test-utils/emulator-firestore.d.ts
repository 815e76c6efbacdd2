import { Firestore } from '@google-cloud/firestore';
/** A unique `demo-` project id (no credentials needed) for one test file. */
export declare function demoProjectId(label: string): string;
/** A Firestore client of the emulator at `host`, for one project: no default app, so test files can't clash. */
export declare function emulatorFirestore(host: string, projectId: string): Firestore;
