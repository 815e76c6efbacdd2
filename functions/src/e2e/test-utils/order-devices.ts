import { type FlowTypes, flow, type SessionView, watch } from '@callable-flows/client';
import { deleteApp, type FirebaseApp } from 'firebase/app';
import { connectFirestoreEmulator, type Firestore, getFirestore } from 'firebase/firestore';
import type { FunctionsEmulator } from './functions-emulator.js';
import { signedInFunctions } from './signed-in-functions.js';

/** One signed-in device: the typed client of the order assistant, and its Firestore on the emulator. */
export interface OrderDevice<T extends FlowTypes> {
  assistant: ReturnType<typeof flow<T>>;
  db: Firestore;
}

/**
 * Devices for one e2e file: each `open` signs a user in on a Firebase JS SDK app of its own (a
 * second tab, a second phone) against the file's emulators; `close` deletes them all.
 */
export function orderDevices<T extends FlowTypes>(options: {
  projectId: string;
  /** `host:port` of the Firestore emulator. */
  firestoreHost: string;
  /** The file's functions emulator, once started. */
  emulator: () => FunctionsEmulator | undefined;
}) {
  const apps: FirebaseApp[] = [];
  return {
    async open(user: { email: string; password: string }): Promise<OrderDevice<T>> {
      const appName = `device-${apps.length}-${options.projectId}`;
      const target = { projectId: options.projectId, emulator: options.emulator(), user, appName };
      const { app, functions } = await signedInFunctions(target);
      apps.push(app);
      const db = getFirestore(app);
      const [hostname, port] = options.firestoreHost.split(':');
      connectFirestoreEmulator(db, hostname as string, Number(port));
      return { assistant: flow<T>(functions, 'orderAssistant'), db };
    },
    close: () => Promise.all(apps.splice(0).map((app) => deleteApp(app))),
  };
}

/** The first view of a watch of `sessionId` that passes `test`; the watch ends with it. */
export function viewWhere<T extends FlowTypes>(
  db: Firestore,
  sessionId: string,
  test: (view: SessionView<T>) => boolean,
): Promise<SessionView<T>> {
  return new Promise((resolve, reject) => {
    const stop = watch<T>(db, sessionId, {
      next(view) {
        if (!test(view)) return;
        stop();
        resolve(view);
      },
      error: reject,
    });
  });
}
