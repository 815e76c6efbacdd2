import { type SessionView, watch } from '@callable-flows/client';
import { deleteApp, type FirebaseApp, initializeApp } from 'firebase/app';
import { connectFirestoreEmulator, type Firestore, getFirestore } from 'firebase/firestore';

/** A client's Firestore (the Firebase JS SDK, as an app has it) on the emulator at `host`, for `projectId`. */
export interface ClientFirestore {
  db: Firestore;
  close(): Promise<void>;
}

let apps = 0;

/** Opens a client app on the emulator (the matrix's project loads no rules: the owner's read is allowed). */
export function clientFirestore(host: string, projectId: string): ClientFirestore {
  const app: FirebaseApp = initializeApp({ projectId, apiKey: 'matrix-fake-key' }, `matrix-client-${apps++}`);
  const db = getFirestore(app);
  const [hostname, port] = host.split(':');
  connectFirestoreEmulator(db, hostname as string, Number(port));
  return { db, close: () => deleteApp(app) };
}

/**
 * A client that comes back and watches session `sessionId` (in `collections`) while `act` runs
 * (the server's continuation): resolves with the view once it shows the stored `version` that
 * `act` left, or fails after `timeoutMs`.
 */
export function watchWhile(
  client: ClientFirestore,
  collections: { sessions: string; history: string },
  sessionId: string,
  act: () => Promise<number>,
  timeoutMs = 10_000,
): Promise<SessionView> {
  return new Promise((resolve, reject) => {
    let wanted: number | undefined;
    let latest: SessionView | undefined;
    let started = false;
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`the watch never showed version ${wanted}; last view at ${latest?.version}`));
    }, timeoutMs);
    const settleIfCurrent = () => {
      if (latest && wanted !== undefined && latest.version === wanted && !latest.fromCache) {
        clearTimeout(timer);
        stop();
        resolve(latest);
      }
    };
    const stop = watch(
      client.db,
      sessionId,
      {
        next(view) {
          latest = view;
          if (!started) {
            // The client sees the session as the failure left it before the server acts.
            started = true;
            act().then((version) => {
              wanted = version;
              settleIfCurrent();
            }, reject);
          }
          settleIfCurrent();
        },
        error: reject,
      },
      collections,
    );
  });
}
