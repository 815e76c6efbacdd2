import { type Auth, signInAnonymously, signInWithEmailAndPassword, type User } from 'firebase/auth';
import type { DemoAccount } from './stack-config.js';

/**
 * Signs in: as `account` when one is given (a demo user of the emulator), else anonymously.
 * A user already signed in the same way (the SDK keeps them across reloads) stays signed in,
 * so a reload keeps the uid that owns the page's session.
 */
export async function signIn(auth: Auth, account?: DemoAccount): Promise<User> {
  await auth.authStateReady();
  const current = auth.currentUser;
  if (account) {
    if (current?.email === account.email) return current;
    return (await signInWithEmailAndPassword(auth, account.email, account.password)).user;
  }
  if (current?.isAnonymous) return current;
  return (await signInAnonymously(auth)).user;
}
