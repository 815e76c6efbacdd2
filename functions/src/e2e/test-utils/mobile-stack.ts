import { REFUNDS_SYSTEM } from '../../flows/index.js';
import { nextRefundsMove } from '../../flows/refunds/refunds-script.js';
import type { CallableHttpTarget } from './callable-http.js';
import type { FirestoreRestTarget } from './firestore-rest.js';
import { playOnGemini } from './gemini-play.js';
import type { OrderStack } from './order-stack.js';
import { emulatorAppCheckToken, restSignIn } from './rest-sign-in.js';

/** The app id a mobile app's App Check token names (an iOS app's, as Firebase writes them). */
export const MOBILE_APP_ID = '1:123456789:ios:0a1b2c3d4e5f';

/** A person on a mobile app: their callable target (tokens in headers) and their Firestore REST reads. */
export interface MobileUser {
  uid: string;
  callable: CallableHttpTarget;
  firestore: FirestoreRestTarget;
}

/**
 * The order stack's fake Gemini playing both agents: the refunds agent's requests (its system
 * instruction) by its script, the rest by the order assistant's as the stack plays them.
 */
export function playBothAgents(stack: OrderStack, orders: ReturnType<typeof playOnGemini>): void {
  const refunds = playOnGemini(nextRefundsMove);
  const refundsSystem = REFUNDS_SYSTEM.slice(0, 40);
  stack.gemini.answerWith((request) => {
    const answer = JSON.stringify(request.body.systemInstruction ?? '').includes(refundsSystem) ? refunds : orders;
    return typeof answer === 'function' ? answer(request) : answer;
  });
}

/** Signs `user` in over REST and gives them a mobile app's view of the stack's function `name`. */
export async function mobileUser(
  stack: OrderStack,
  target: { projectId: string; firestoreHost: string; name: string },
  user: { uid: string; email: string; password: string },
): Promise<MobileUser> {
  const idToken = await restSignIn(stack.emulator.authPort, user);
  const url = `http://127.0.0.1:${stack.emulator.functionsPort}/${target.projectId}/us-central1/${target.name}`;
  return {
    uid: user.uid,
    callable: { url, idToken, appCheckToken: emulatorAppCheckToken(MOBILE_APP_ID) },
    firestore: { host: target.firestoreHost, projectId: target.projectId, idToken },
  };
}

/** Polls `read` until `test` passes on what it read (a listener's next snapshot); fails after `timeoutMs`. */
export async function readUntil<T>(
  read: () => Promise<T>,
  test: (value: T) => boolean,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (test(value)) return value;
    if (Date.now() > deadline) throw new Error(`not reached in ${timeoutMs} ms; last read: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Starts an instance of the stack's function `name` and waits for its first answer (whatever it
 * is): a tool server's first call (the refunds agent's MCP server, with its own short timeout)
 * then finds it warm, however slow the machine is to start a worker.
 */
export async function warmFunction(stack: OrderStack, projectId: string, name: string): Promise<void> {
  const url = `http://127.0.0.1:${stack.emulator.functionsPort}/${projectId}/us-central1/${name}`;
  await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' }).then((r) =>
    r.text(),
  );
}
