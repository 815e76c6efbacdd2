import { initializeApp } from 'firebase/app';
import { type Auth, connectAuthEmulator, getAuth } from 'firebase/auth';
import { connectFirestoreEmulator, type Firestore, getFirestore } from 'firebase/firestore';
import { connectFunctionsEmulator, type Functions, getFunctions } from 'firebase/functions';
import { hostAndPort, type StackConfig } from './stack-config.js';

/** The Firebase services the app uses, on the emulator suite. */
export interface FirebaseClient {
  auth: Auth;
  functions: Functions;
  db: Firestore;
}

/** Connects the Firebase JS SDK to the emulators `stack` names. */
export function connectClient(stack: StackConfig): FirebaseClient {
  // The emulators take any API key; a demo- project id keeps the SDK from reaching production.
  const app = initializeApp({ projectId: stack.projectId, apiKey: 'demo-api-key' });
  const auth = getAuth(app);
  connectAuthEmulator(auth, `http://${stack.authHost}`, { disableWarnings: true });
  const functions = getFunctions(app, stack.region);
  const fn = hostAndPort(stack.functionsHost);
  connectFunctionsEmulator(functions, fn.host, fn.port);
  const db = getFirestore(app);
  const fs = hostAndPort(stack.firestoreHost);
  connectFirestoreEmulator(db, fs.host, fs.port);
  return { auth, functions, db };
}
