// The demo's app: talks to the orderAssistant callable through the Firebase JS SDK, as a web
// or mobile app would, against the local emulators (scripts/stack.sh).
//   node scripts/demo-client.mjs ask <state.json>        a new conversation; it stops at an interrupt
//   node scripts/demo-client.mjs confirm <state.json>    the user confirms: resume with restart
//   node scripts/demo-client.mjs transcript <state.json> prints the whole conversation
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import { collection, connectFirestoreEmulator, doc, getDoc, getDocs, getFirestore } from 'firebase/firestore';
import { connectFunctionsEmulator, getFunctions, httpsCallable } from 'firebase/functions';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const [command, statePath] = process.argv.slice(2);
const config = JSON.parse(readFileSync(resolve(root, 'firebase.json'), 'utf8')).emulators;
const demo = JSON.parse(readFileSync(resolve(root, 'emulator-data/demo-data.json'), 'utf8'));
const PROJECT = process.env.PROJECT ?? 'demo-callable-flows';
const ORDER = 'A-1001';

const state = (() => {
  try {
    return JSON.parse(readFileSync(statePath, 'utf8'));
  } catch {
    return { transcript: [] };
  }
})();
const say = (line) => {
  state.transcript.push(line);
  console.log(line);
};
const save = () => writeFileSync(statePath, JSON.stringify(state, null, 2));

function connect() {
  const app = initializeApp({ projectId: PROJECT, apiKey: 'demo-api-key' });
  const auth = getAuth(app);
  connectAuthEmulator(auth, `http://${config.auth.host}:${config.auth.port}`, { disableWarnings: true });
  const functions = getFunctions(app, 'us-central1');
  connectFunctionsEmulator(functions, config.functions.host, config.functions.port);
  const db = getFirestore(app);
  connectFirestoreEmulator(db, '127.0.0.1', Number(process.env.FIRESTORE_PORT ?? config.firestore.port));
  return { auth, functions, db };
}

/** Streams one call, printing the wire chunks as they come; returns the final result. */
async function streamCall(callable, data) {
  const { stream, data: result } = await callable.stream(data);
  let text = '';
  const flush = () => {
    if (text.trim()) say(`  assistant  › ${text.trim()}`);
    text = '';
  };
  for await (const chunk of stream) {
    if (chunk.type === 'text') text += chunk.text;
    else flush();
    if (chunk.type === 'reasoning') say(`  (thinking) › ${chunk.text}`);
    if (chunk.type === 'toolRequest') say(`  tool call  › ${chunk.name} ${JSON.stringify(chunk.input)}`);
    if (chunk.type === 'toolResponse') say(`  tool result› ${chunk.name} ${JSON.stringify(chunk.output)}`);
    if (chunk.type === 'interrupt') say(`  ⏸ waiting  › ${chunk.name}: ${chunk.metadata?.question ?? 'confirm?'}`);
  }
  flush();
  return result;
}

async function main() {
  const { auth, functions, db } = connect();
  const alice = demo.users.alice;
  await signInWithEmailAndPassword(auth, alice.email, alice.password);
  const orderAssistant = httpsCallable(functions, 'orderAssistant');

  if (command === 'ask') {
    const message = `Hi! Please cancel my order ${ORDER}, I ordered the wrong grinder.`;
    say(`  ${alice.email} › ${message}`);
    const result = await streamCall(orderAssistant, { message, requestId: `demo-${Date.now()}` });
    say(`  [result: status=${result.status}, session=${result.sessionId}]`);
    if (result.status !== 'interrupted') throw new Error(`expected an interrupt, got ${JSON.stringify(result)}`);
    Object.assign(state, { sessionId: result.sessionId, interrupt: result.interrupts[0] });
  } else if (command === 'confirm') {
    const { sessionId, interrupt } = state;
    say(`  ${alice.email} › Yes, cancel it.   (resume: restart ${interrupt.name} ${interrupt.ref})`);
    const resume = { restart: [{ ref: interrupt.ref, name: interrupt.name }] };
    const result = await streamCall(orderAssistant, { sessionId, resume });
    say(
      `  [result: status=${result.status}, finishReason=${result.finishReason}, output=${JSON.stringify(result.output)}]`,
    );
    // The session's typed state, as its owner may read it: the orders this conversation looked up.
    const session = (await getDoc(doc(db, `sessions/${sessionId}`))).data();
    say(`  [session state: ${session.state}; the finish tool ended the turn (no model call after it)]`);
    // The app reads the order as its owner (firestore.rules allow it), as a UI would.
    const order = (await getDoc(doc(db, `orders/${ORDER}`))).data();
    const events = await getDocs(collection(db, `orders/${ORDER}/events`));
    say(`  [order ${ORDER}: status=${order.status}, events=${events.size}]`);
    if (result.status !== 'done' || order.status !== 'cancelled' || events.size !== 1) {
      throw new Error('the resumed turn did not cancel the order exactly once');
    }
  } else if (command === 'transcript') {
    console.log(state.transcript.join('\n'));
    return;
  } else {
    throw new Error('usage: demo-client.mjs ask|confirm|transcript <state.json>');
  }
  save();
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(`[demo-client] ${error.code ?? ''} ${error.message}`);
    save();
    process.exit(1);
  },
);
