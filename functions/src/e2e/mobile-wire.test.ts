import { randomUUID } from 'node:crypto';
import { firestoreEmulatorHost } from '@callable-flows/kit/test-utils/firestore.js';
import {
  ApprovalResultSchema,
  applyJsonPatch,
  approvalId,
  CallResultSchema,
  outcomeOf,
  PROTOCOL_VERSION,
  readApproval,
  SessionDocSchema,
  StopResultSchema,
  WireChunkSchema,
  WireErrorSchema,
  type WireInterrupt,
} from '@callable-flows/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextOrderMove } from '../flows/index.js';
import { demoData } from '../flows/test-utils/demo-firestore.js';
import { callOverHttp, sdkCode } from './test-utils/callable-http.js';
import { getDocument, queryDocuments } from './test-utils/firestore-rest.js';
import { playOnGemini } from './test-utils/gemini-play.js';
import {
  MOBILE_APP_ID,
  type MobileUser,
  mobileUser,
  playBothAgents,
  readUntil,
  warmFunction,
} from './test-utils/mobile-stack.js';
import { type OrderStack, startOrderStack } from './test-utils/order-stack.js';

// Issue 45 item 4: the order assistant on the Functions emulator, called the way the iOS, Android
// and Flutter SDKs call it (plain HTTP, tokens in headers, server-sent events when streamed), and
// its session and inbox documents read through the Firestore REST API with the user's ID token,
// under the project's rules: what a mobile app's listener sees. No Firebase JS SDK anywhere.

const host = firestoreEmulatorHost();
if (!host) console.warn('\n*** SKIPPED: mobile wire end-to-end tests — no Firestore emulator ***\n');
const projectId = `demo-mobile-${randomUUID().slice(0, 8)}`;
const users = demoData().users as Record<string, { uid: string; email: string; password: string }>;
const v = PROTOCOL_VERSION;

let stack: OrderStack | undefined;
let alice: MobileUser;
let mary: MobileUser;
let bob: MobileUser;
let asked: WireInterrupt;

const session = (user: MobileUser, id: string) => getDocument(user.firestore, `sessions/${id}`);
const sessionWhere = (user: MobileUser, id: string, test: (doc: Record<string, unknown>) => boolean) =>
  readUntil(
    () => session(user, id),
    (read) => read.data !== undefined && test(read.data),
  ).then((read) => SessionDocSchema.parse(read.data));

// Generous: each call may start a worker of its own on a loaded machine.
describe.skipIf(!host)('the callable protocol as the mobile SDKs speak it (end to end)', { timeout: 240_000 }, () => {
  beforeAll(async () => {
    // 20 s: the stop comes from a second instance, cold on a loaded machine, while the turn still waits.
    const play = { slowWhen: /slowly/i, slowMs: 20_000 };
    stack = await startOrderStack({ projectId, firestoreHost: host as string, rules: true, play });
    playBothAgents(stack, playOnGemini(nextOrderMove, play));
    await stack.admin.doc('orders/F-1001').set({
      ownerUid: users.alice?.uid,
      status: 'shipped',
      item: 'Milk jug',
      estimatedDelivery: '2026-12-01',
    });
    const target = { projectId, firestoreHost: host as string, name: 'orderAssistant' };
    const signIn = (name: string) => mobileUser(stack as OrderStack, target, users[name] as (typeof users)[string]);
    [alice, mary, bob] = [await signIn('alice'), await signIn('mary'), await signIn('bob')];
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('answers a first call that interrupts with { result } as JSON, and the owner alone reads its session over REST', async () => {
    const data = {
      sessionId: 'mob-1',
      message: 'Hi, please cancel my order A-1001.',
      requestId: 'mob-1-a',
      protocolVersion: v,
    };
    const answer = await callOverHttp(alice.callable, data);
    expect([answer.httpStatus, answer.contentType]).toEqual([200, expect.stringMatching(/^application\/json/)]);
    const result = CallResultSchema.parse(answer.result);
    expect(result).toMatchObject({ sessionId: 'mob-1', status: 'interrupted' });
    asked = result.interrupts[0] as WireInterrupt;
    expect(asked).toMatchObject({ name: 'cancelOrder', input: { orderId: 'A-1001' }, inputDigest: expect.any(String) });
    const read = await session(alice, 'mob-1');
    expect(SessionDocSchema.parse(read.data)).toMatchObject({ status: 'interrupted', ownerUid: alice.uid });
    expect((await session(bob, 'mob-1')).status).toBe(403);
  });

  it('streams server-sent events, a chunk a `message` event and the result last, each in the wire schema', async () => {
    const seen: unknown[] = [];
    const data = { sessionId: 'mob-2', message: 'Where is my order A-1002?', protocolVersion: v };
    const answer = await callOverHttp(alice.callable, data, { stream: true, onChunk: (chunk) => seen.push(chunk) });
    expect(answer.httpStatus).toBe(200);
    const chunks = answer.chunks.map((chunk) => WireChunkSchema.parse(chunk));
    // The order looked up is kept in the agent's state: its change streams as a JSON Patch.
    expect(new Set(chunks.map((c) => c.type))).toEqual(new Set(['text', 'toolRequest', 'toolResponse', 'state']));
    const state = chunks.reduce<unknown>((s, c) => (c.type === 'state' ? applyJsonPatch(s, c.patch) : s), undefined);
    expect(state).toEqual(JSON.parse((await session(alice, 'mob-2')).data?.state as string));
    expect(seen).toEqual(answer.chunks);
    expect(CallResultSchema.parse(answer.result)).toMatchObject({
      status: 'done',
      text: expect.stringContaining('A-1002'),
    });
  });

  it('refuses a version it does not answer as an SDK parses it: an HTTP error status plainly, the last event when streamed', async () => {
    const data = { sessionId: 'mob-5', message: 'Hello.', protocolVersion: v + 1 };
    const plain = await callOverHttp(alice.callable, data);
    const streamed = await callOverHttp(alice.callable, data, { stream: true });
    expect([plain.httpStatus, streamed.httpStatus]).toEqual([400, 200]);
    for (const answer of [plain, streamed]) {
      const { error } = WireErrorSchema.parse({ error: answer.error });
      expect(sdkCode(error)).toBe('failed-precondition');
      expect(error.details).toMatchObject({ reason: 'UNSUPPORTED_VERSION', supported: { newest: v } });
      expect(error.message).toContain('update the app');
    }
    expect((await stack?.admin.doc('sessions/mob-5').get())?.exists).toBe(false);
  });

  it("lets a manager find a refund in their inbox over REST and approve it; the owner's turn goes on", async () => {
    await warmFunction(stack as OrderStack, projectId, 'refundsMcp');
    const data = {
      sessionId: 'mob-4',
      message: 'Please refund my order F-1001, it arrived broken.',
      protocolVersion: v,
    };
    const first = CallResultSchema.parse((await callOverHttp(alice.callable, data)).result);
    // The refunds agent's words say why when it could not ask (its tool server's call failed).
    expect(first.status, first.text).toBe('interrupted');
    expect(first.interrupts).toEqual([expect.objectContaining({ name: 'refundOrder' })]);
    const inbox = await readUntil(
      () => queryDocuments(mary.firestore, 'approvals', { approverClaim: 'manager', state: 'waiting' }),
      (read) => read.docs.length > 0,
    );
    const waiting = readApproval(inbox.docs[0]?.id as string, inbox.docs[0]?.data);
    expect(waiting).toMatchObject({ sessionId: 'mob-4', tool: 'refundOrder', ownerUid: alice.uid });
    // Bob holds no manager claim: the rules refuse his list; Mary may not read Alice's session.
    expect((await queryDocuments(bob.firestore, 'approvals', { approverClaim: 'manager' })).status).toBe(403);
    expect((await session(mary, 'mob-4')).status).toBe(403);
    const reply = { ref: waiting?.ref, name: waiting?.tool, inputDigest: waiting?.inputDigest };
    const approve = { sessionId: 'mob-4', resume: { restart: [reply] }, requestId: 'mob-4-ok', protocolVersion: v };
    const answered = ApprovalResultSchema.parse((await callOverHttp(mary.callable, approve)).result);
    expect(answered.answered).toEqual([{ ref: waiting?.ref, name: 'refundOrder', answer: 'restart' }]);
    const id = approvalId('mob-4', waiting?.ref as string);
    const approved = await getDocument(mary.firestore, `approvals/${id}`);
    expect(readApproval(id, approved.data)).toMatchObject({
      state: 'approved',
      answeredBy: { uid: mary.uid, appId: MOBILE_APP_ID },
    });
    const done = await sessionWhere(alice, 'mob-4', (doc) => doc.status === 'idle');
    expect(done.history.length).toBeGreaterThan(3);
    expect(outcomeOf(done.outcome)).toMatchObject({ kind: 'done' });
  });
  it('resumes the interrupted turn after a cold start, bound to the digest the interrupt gave', {
    timeout: 600_000,
  }, async () => {
    await stack?.emulator.stop();
    await stack?.emulator.start();
    const reply = { ref: asked.ref, name: asked.name, inputDigest: asked.inputDigest };
    const data = { sessionId: 'mob-1', resume: { restart: [reply] }, requestId: 'mob-1-b', protocolVersion: v };
    const answer = await callOverHttp(alice.callable, data);
    expect(CallResultSchema.parse(answer.result)).toMatchObject({
      status: 'done',
      text: 'Order A-1001 has been cancelled.',
    });
    const done = await sessionWhere(alice, 'mob-1', (doc) => doc.status === 'idle');
    expect(outcomeOf(done.outcome)).toMatchObject({ kind: 'done', requestId: 'mob-1-b' });
  });

  it('stops a streamed turn from a second call; the stream ends with the CANCELLED error and the session says who stopped it', async () => {
    const turn = callOverHttp(
      alice.callable,
      { sessionId: 'mob-3', message: 'Slowly, tell me about A-1002.', protocolVersion: v },
      { stream: true },
    );
    await sessionWhere(alice, 'mob-3', (doc) => (doc.running as { step?: string } | null)?.step === 'model');
    const stop = { sessionId: 'mob-3', stop: true, requestId: 'mob-3-stop', clientId: 'phone', protocolVersion: v };
    const stopped = await callOverHttp(alice.callable, stop);
    expect(StopResultSchema.parse(stopped.result)).toEqual({ sessionId: 'mob-3', status: 'stopped' });
    const ended = await turn;
    expect(sdkCode(ended.error as never)).toBe('cancelled');
    expect(ended.error?.details).toMatchObject({ reason: 'STOPPED' });
    const idle = await sessionWhere(alice, 'mob-3', (doc) => doc.status === 'idle');
    expect(outcomeOf(idle.outcome)).toMatchObject({
      kind: 'stopped',
      stoppedBy: { uid: alice.uid, clientId: 'phone' },
    });
  });
});
