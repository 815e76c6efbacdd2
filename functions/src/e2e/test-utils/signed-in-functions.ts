import { type FirebaseApp, initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import { connectFunctionsEmulator, type Functions, getFunctions } from 'firebase/functions';
import type { FunctionsEmulator } from './functions-emulator.js';

/** Who signs in, and where. */
export interface SignInTarget {
  projectId: string;
  emulator: FunctionsEmulator | undefined;
  user: { email: string; password: string };
  /** The app's name (one app per user and project). */
  appName: string;
}

/**
 * The Functions of a Firebase JS SDK app signed in as `user` on the emulators, as a client app
 * would be; the app is returned too, for the test to delete.
 */
export async function signedInFunctions(target: SignInTarget): Promise<{ app: FirebaseApp; functions: Functions }> {
  const app = initializeApp({ projectId: target.projectId, apiKey: 'demo-api-key' }, target.appName);
  const auth = getAuth(app);
  connectAuthEmulator(auth, `http://127.0.0.1:${target.emulator?.authPort}`, { disableWarnings: true });
  await signInWithEmailAndPassword(auth, target.user.email, target.user.password);
  const functions = getFunctions(app, 'us-central1');
  connectFunctionsEmulator(functions, '127.0.0.1', target.emulator?.functionsPort as number);
  return { app, functions };
}
