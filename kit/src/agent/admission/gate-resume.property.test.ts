import { isDeepStrictEqual } from 'node:util';
import type { Resume } from '@callable-flows/protocol';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { callStateOf, inputDigest } from '../../call-state/index.js';
import { isKitError } from '../../errors/index.js';
import { type McpToolSource, mcpTools } from '../../mcp/index.js';
import { type McpTestServer, startMcpTestServer } from '../../mcp/test-utils/mcp-test-server.js';
import { type Message, type ToolRequestPart, toolRequestsOf } from '../../model/index.js';
import { scriptedModel } from '../../models/scripted/index.js';
import { InMemorySessionStore, type Session, type SessionStore } from '../../session/index.js';
import { demoProjectId } from '../../session/test-utils/emulator-firestore.js';
import { firestoreStoreBackends } from '../../session/test-utils/firestore-store-backends.js';
import { firestoreEmulatorHost } from '../../test-utils/firestore.js';
import {
  type Approvers,
  approversIn,
  approversWithClaim,
  defineInterrupt,
  defineTool,
  type Tool,
} from '../../tools/index.js';
import { agentTool } from '../agent-tool.js';
import { defineAgent } from '../define-agent.js';
import { subSessionId } from '../sub-agent/index.js';

// The one gate, proved by property: whatever resume whoever sends, through whichever way in, a
// tool body runs resumed only for a call that a caller its approvers admit approved, with the
// input they were shown; a decline never runs a tool; a respond lands only where the tool takes
// one; every refusal writes nothing. The world: an agent with a tool of every kind of approvers
// (owner, claim, uid list, check), open and strict resumedMetadata, an editable input, an
// answerable tool, a question, and a sub-agent two deep — every call waiting at once.

const OWNER = 'alice';
interface Caller {
  uid: string;
  token: Record<string, unknown>;
}
const CALLERS: readonly Caller[] = [
  { uid: OWNER, token: {} },
  { uid: OWNER, token: { manager: true } },
  { uid: 'max', token: { manager: true } },
  { uid: 'lia', token: {} },
  { uid: 'aud', token: {} },
  { uid: 'eve', token: {} },
];

type Who = 'owner' | 'manager' | 'lia' | 'aud';
/** Every waiting call of the world: its path ref (as a client names it), tool, input and who may answer it. */
interface WorldCall {
  path: string;
  tool: string;
  input: Record<string, unknown>;
  who: Who;
  /** A client's result (`respond`) is taken. */
  answerable: boolean;
  /** The fields a client may edit on approval. */
  editable?: string[];
}
const CALLS: readonly WorldCall[] = [
  { path: 'n', tool: 'note', input: { text: 'hi' }, who: 'owner', answerable: false },
  { path: 'r', tool: 'refund', input: { orderId: 'A1', cents: 500 }, who: 'manager', answerable: false },
  { path: 'l', tool: 'listed', input: { text: 'ship' }, who: 'lia', answerable: false },
  { path: 'a', tool: 'audited', input: { text: 'audit' }, who: 'aud', answerable: false },
  { path: 'e', tool: 'edit', input: { id: 'E1', note: 'draft' }, who: 'owner', answerable: false, editable: ['note'] },
  { path: 'k', tool: 'lookup', input: { text: 'k' }, who: 'owner', answerable: true },
  { path: 'q', tool: 'ask', input: { text: 'sure?' }, who: 'owner', answerable: true },
  { path: 's/sr', tool: 'subRefund', input: { orderId: 'S1', cents: 70 }, who: 'manager', answerable: false },
  { path: 's/sn', tool: 'subNote', input: { text: 'sub' }, who: 'owner', answerable: false },
  { path: 's/d/dr', tool: 'deepRefund', input: { orderId: 'D1', cents: 9 }, who: 'lia', answerable: false },
  // A real MCP server's tool (on the SDK's v2 server, in-process), approved by a manager.
  { path: 'm', tool: 'mcp_echo', input: { text: 'hi' }, who: 'manager', answerable: false },
  // The same server's tool that asks the person itself (2026-07-28 input_required): answered by a restart
  // whose metadata is the form, forwarded to the server as its retry.
  { path: 'p', tool: 'mcp_ship', input: { orderId: 'S-9' }, who: 'manager', answerable: false },
];
const byTool = new Map(CALLS.map((c) => [c.tool, c]));

/** The oracle: who the world's approvers admit, written from the tools' declarations, not the kit's code. */
function admits(call: WorldCall, caller: Caller): boolean {
  switch (call.who) {
    case 'owner':
      return caller.uid === OWNER;
    case 'manager':
      return caller.token.manager === true;
    case 'lia':
      return caller.uid === 'lia';
    case 'aud':
      return caller.uid === 'aud';
  }
}

interface Run {
  step: number;
  tool: string;
  input: unknown;
}

const text = z.object({ text: z.string() });
const order = z.object({ orderId: z.string(), cents: z.number() });
const ok = z.object({ ok: z.boolean() });

/** A tool that asks first and records each run of its body once approved. */
function asking(
  name: string,
  input: z.ZodObject,
  runs: Run[],
  step: () => number,
  extra: Partial<Parameters<typeof defineTool>[0]> & { approvers?: Approvers } = {},
): Tool {
  return defineTool(
    { name, description: name, inputSchema: input, outputSchema: ok, sideEffects: 'idempotent', ...extra },
    (value, ctx) => {
      if (!ctx.resumed) ctx.interrupt({ title: `${name}?` });
      runs.push({ step: step(), tool: name, input: value });
      return { ok: true };
    },
  );
}

/** A model that calls `calls` (by their own refs) on a user message and answers in words after its tools. */
function callingModel(calls: Array<{ ref: string; name: string; input: unknown }>) {
  return scriptedModel(
    (request) => {
      const last = request.messages.at(-1) as Message;
      if (last.role === 'tool') return 'done';
      const content = calls.map(({ ref, name, input }) => ({ toolRequest: { ref, name, input } }));
      return { message: { role: 'model', content }, finishReason: 'stop' };
    },
    { record: false },
  );
}

const ownRef = (path: string) => path.split('/').at(-1) as string;
const callsUnder = (prefix: string) =>
  CALLS.filter((c) => c.path.startsWith(prefix) && !c.path.slice(prefix.length).includes('/')).map((c) => ({
    ref: ownRef(c.path),
    name: c.tool,
    input: c.input,
  }));

let mcpServer: McpTestServer;
let mcpSource: McpToolSource;
beforeAll(async () => {
  mcpServer = await startMcpTestServer('modern');
  mcpSource = mcpTools({
    url: mcpServer.url,
    name: 'mcp',
    prefix: 'mcp_',
    allow: ['echo', 'ship'],
    approval: ['echo'],
    approvers: approversWithClaim('manager'),
  });
});
afterAll(async () => {
  await mcpSource?.close();
  await mcpServer?.close();
});

/**
 * What reached the MCP server since `from` calls, as the world's runs in `step`: each call of
 * `echo` (asked first by the kit, so sent only once approved), and each retry of `ship` that
 * forwards a person's answer to the server's question.
 */
function mcpRuns(from: number, step: number): Run[] {
  return mcpServer.calls.slice(from).flatMap((call): Run[] => {
    if (call.name === 'echo') return [{ step, tool: 'mcp_echo', input: call.args }];
    if (call.name === 'ship' && call.inputResponses) return [{ step, tool: 'mcp_ship', input: call.args }];
    return [];
  });
}

/** The world on `store`: the shop agent and what its tools ran. */
function world(store: SessionStore) {
  const runs: Run[] = [];
  let current = 0;
  const step = () => current;
  const deep = defineAgent({
    name: 'deep',
    model: callingModel(callsUnder('s/d/')),
    tools: [asking('deepRefund', order, runs, step, { approvers: approversIn(['lia']) })],
    store,
  });
  const sub = defineAgent({
    name: 'sub',
    model: callingModel([...callsUnder('s/'), { ref: 'd', name: 'deep', input: { text: 'deep' } }]),
    tools: [
      asking('subRefund', order, runs, step, { approvers: approversWithClaim('manager') }),
      asking('subNote', text, runs, step),
      agentTool(deep, { name: 'deep', description: 'deep', input: text }),
    ],
    store,
  });
  const shop = defineAgent({
    name: 'shop',
    model: callingModel([...callsUnder(''), { ref: 's', name: 'sub', input: { text: 'sub' } }]),
    tools: [
      asking('note', text, runs, step),
      // Open metadata: a client's word reaches the tool, so a path ref that turned into its restart would run it.
      asking('refund', order, runs, step, {
        approvers: approversWithClaim('manager'),
        resumedMetadata: z.object({ note: z.string().optional(), subResume: z.unknown().optional() }),
      }),
      asking('listed', text, runs, step, { approvers: approversIn(['lia']) }),
      asking('audited', text, runs, step, { approvers: (args) => args.auth.uid === 'aud' }),
      asking('edit', z.object({ id: z.string(), note: z.string() }), runs, step, { editableInput: ['note'] }),
      asking('lookup', text, runs, step, { answerable: true, resumedMetadata: z.strictObject({ ok: z.boolean() }) }),
      defineInterrupt({ name: 'ask', description: 'asks', inputSchema: text, outputSchema: ok }),
      agentTool(sub, { name: 'sub', description: 'sub', input: text }),
      mcpSource,
    ],
    store,
  });
  return { shop, runs, setStep: (n: number) => (current = n) };
}

/** One reply a client might send. */
interface Reply {
  kind: 'restart' | 'respond' | 'decline';
  ref: string;
  name: string;
  digest: 'none' | 'right' | 'wrong';
  metadata?: Record<string, unknown>;
  replaceInput?: Record<string, unknown>;
  output?: unknown;
}
interface Step {
  caller: number;
  via: 'answer' | 'send';
  replies: Reply[];
  /** Repeat step N's request as it was (a replay): its caller, way, replies and request id. */
  replay?: number;
  requestId?: string;
}

const REFS = [...CALLS.map((c) => c.path), 's', 's/d', 'd', 'n/x', 'r/sr', 'r/anything', 's/zz', 's/d/zz', 'zzz'];
const NAMES = [...CALLS.map((c) => c.tool), 'sub', 'deep'];
/** Mostly `likely`, sometimes `rarely`: generated answers are mostly well formed, so approvals happen, not only refusals. */
const mostly = <T>(likely: fc.Arbitrary<T>, rarely: fc.Arbitrary<T>): fc.Arbitrary<T> =>
  fc.oneof({ arbitrary: likely, weight: 4 }, { arbitrary: rarely, weight: 1 });
const ODD_REFS = REFS.filter((ref) => !CALLS.some((c) => c.path === ref));
const none = fc.constant(undefined);
/** A reply to one of `paths` (mostly), or to a ref no call of the world has. */
const replyArbOver = (paths: readonly string[]): fc.Arbitrary<Reply> =>
  fc
    .record({
      kind: fc.constantFrom('restart', 'respond', 'decline'),
      ref: mostly(fc.constantFrom(...paths), fc.constantFrom(...ODD_REFS)),
      // undefined: the right name for the ref (when it has one).
      name: mostly(none, fc.constantFrom(...NAMES)),
      digest: mostly(fc.constantFrom<Reply['digest']>('none', 'right'), fc.constant<Reply['digest']>('wrong')),
      metadata: mostly(
        none,
        fc.constantFrom<Record<string, unknown>>(
          { note: 'by the customer' },
          { ok: true },
          { action: 'accept', content: {} },
          { subResume: { restart: [{ ref: 'sr', name: 'subRefund' }] } },
        ),
      ),
      replaceInput: mostly(
        none,
        fc.constantFrom<Record<string, unknown>>({ note: 'edited' }, { id: 'other' }, { cents: 99_999 }),
      ),
      output: fc.constantFrom<unknown>({ ok: true }, 'sent'),
      // The answer to the MCP server's question (its form, its confirmation, or a decline): what a
      // restart of `p` carries unless the generator chose other metadata for it.
      serverAnswer: fc.constantFrom<Record<string, unknown>>(
        { action: 'accept', content: { name: 'Ann', copies: 2, gift: true, speed: 'express' } },
        { action: 'accept', content: { sure: true } },
        { action: 'decline' },
      ),
    })
    .map(({ name, metadata: chosen, replaceInput, serverAnswer, ...rest }) => ({
      ...rest,
      ...((chosen ?? (rest.ref === 'p' ? serverAnswer : undefined)) ? { metadata: chosen ?? serverAnswer } : {}),
      ...(replaceInput ? { replaceInput } : {}),
      name: name ?? CALLS.find((c) => c.path === rest.ref)?.tool ?? 'note',
    }));
const stepArbOver = (paths: readonly string[]): fc.Arbitrary<Step> => {
  const replyArb = replyArbOver(paths);
  return fc.record({
    caller: fc.nat({ max: CALLERS.length - 1 }),
    via: fc.constantFrom('answer', 'send'),
    // Mostly one reply: any bad reply refuses a whole resume, so several at once are mostly refusals.
    replies: mostly(
      fc.array(replyArb, { minLength: 1, maxLength: 1 }),
      fc.array(replyArb, { minLength: 2, maxLength: 3 }),
    ),
    replay: fc.option(fc.nat({ max: 3 }), { nil: undefined }),
    requestId: fc.option(fc.constantFrom('q1', 'q2', 'q3'), { nil: undefined }),
  });
};

function toResume(replies: Reply[]): Resume {
  const resume: Required<Resume> = { respond: [], restart: [], decline: [] };
  for (const r of replies) {
    const known = CALLS.find((c) => c.path === r.ref);
    const digest =
      r.digest === 'none' ? {} : { inputDigest: r.digest === 'right' && known ? inputDigest(known.input) : 'x' };
    if (r.kind === 'respond') resume.respond.push({ ref: r.ref, name: r.name, output: r.output, ...digest });
    else if (r.kind === 'decline') resume.decline.push({ ref: r.ref, name: r.name, reason: 'no', ...digest });
    else
      resume.restart.push({
        ref: r.ref,
        name: r.name,
        ...digest,
        ...(r.metadata ? { metadata: r.metadata } : {}),
        ...(r.replaceInput ? { replaceInput: r.replaceInput } : {}),
      });
  }
  return Object.fromEntries(Object.entries(resume).filter(([, list]) => list.length)) as Resume;
}

/** The world's three sessions as stored now (the parent, the sub-agent's, the deep one's). */
async function sessionsOf(store: SessionStore, parentId: string): Promise<Session[]> {
  const subId = subSessionId(parentId, 's');
  const ids = [parentId, subId, subSessionId(subId, 'd')];
  const loaded = await Promise.all(ids.map((id) => store.load(id, { fresh: true })));
  return loaded.flatMap((record) => (record ? [record.session] : []));
}

/** Every call of the world as stored now, by its path ref, with its state. */
function statesOf(sessions: Session[]): Map<string, ToolRequestPart> {
  const calls = new Map<string, ToolRequestPart>();
  for (const session of sessions) {
    for (const part of session.history.flatMap((m: Message) => toolRequestsOf(m))) {
      const call = byTool.get(part.toolRequest.name);
      if (call) calls.set(call.path, part);
    }
  }
  return calls;
}

/** What a stored session says, without what every write changes regardless of its content. */
const comparable = (sessions: Session[]) => JSON.stringify(sessions);

/** The input an approved call may run with: as stored, or edited at the fields its tool lets a client edit. */
function mayRunWith(call: WorldCall, reply: Reply, input: unknown): boolean {
  if (isDeepStrictEqual(input, call.input)) return true;
  if (!reply.replaceInput || !call.editable) return false;
  const edited = { ...call.input, ...reply.replaceInput };
  return Object.keys(reply.replaceInput).every((k) => call.editable?.includes(k)) && isDeepStrictEqual(input, edited);
}

async function checkScenario(open: () => SessionStore, steps: Step[]): Promise<void> {
  const store = open();
  const w = world(store);
  const first = await w.shop.send(
    undefined,
    { message: 'go' },
    { uid: OWNER, context: { auth: { uid: OWNER, token: {} } } },
  );
  expect(first.status).toBe('interrupted');
  // Every call of the world waits: the MCP server's tool too.
  expect(first.status === 'interrupted' && first.interrupts.map((i) => i.ref).sort()).toEqual([
    'a',
    'e',
    'k',
    'l',
    'm',
    'n',
    'p',
    'q',
    'r',
    's/d/dr',
    's/sn',
    's/sr',
  ]);
  const sessionId = first.sessionId;
  const accepted: Array<{ step: number; caller: Caller; replies: Reply[] }> = [];
  const sent: Step[] = [];
  for (const [i, planned] of steps.entries()) {
    const stepNo = i + 1;
    const step = planned.replay !== undefined && sent[planned.replay] ? (sent[planned.replay] as Step) : planned;
    sent.push(step);
    const caller = CALLERS[step.caller] as Caller;
    const ctx = {
      uid: caller.uid,
      context: { auth: { uid: caller.uid, token: caller.token } },
      ...(step.requestId ? { requestId: step.requestId } : {}),
    };
    const resume = toResume(step.replies);
    const before = comparable(await sessionsOf(store, sessionId));
    const mcpBefore = mcpServer.calls.length;
    const ranBefore = w.runs.length;
    w.setStep(stepNo);
    let refused = false;
    try {
      if (step.via === 'answer') await w.shop.answer(sessionId, resume, ctx);
      else await w.shop.send(sessionId, { resume }, ctx);
    } catch (error) {
      if (!isKitError(error)) throw error;
      refused = true;
    }
    const after = await sessionsOf(store, sessionId);
    w.runs.push(...mcpRuns(mcpBefore, stepNo));
    if (refused) {
      // Every refusal writes nothing and runs nothing.
      expect(comparable(after), `step ${stepNo} was refused but wrote`).toBe(before);
      expect(w.runs.length, `step ${stepNo} was refused but ran a tool`).toBe(ranBefore);
      continue;
    }
    accepted.push({ step: stepNo, caller, replies: step.replies });
    // A body ran resumed only for a restart of exactly that call, by a caller its approvers admit, with what they were shown.
    for (const run of w.runs.slice(ranBefore)) {
      const call = byTool.get(run.tool) as WorldCall;
      const approvals = accepted
        .filter((a) => admits(call, a.caller))
        .flatMap((a) => a.replies.filter((r) => r.kind === 'restart' && r.ref === call.path && r.name === call.tool));
      expect(approvals.length, `${call.path} ran in step ${stepNo} without an admitted approval`).toBeGreaterThan(0);
      expect(
        approvals.some((r) => mayRunWith(call, r, run.input)),
        `${call.path} ran with ${JSON.stringify(run.input)}`,
      ).toBe(true);
    }
    const states = statesOf(after);
    for (const call of CALLS) {
      const part = states.get(call.path);
      if (!part) continue;
      const state = callStateOf(part).kind;
      // A decline never runs a tool.
      if (state === 'declined')
        expect(
          w.runs.some((r) => r.tool === call.tool),
          `${call.path} declined yet ran`,
        ).toBe(false);
      // A respond lands only where the tool takes one, from a caller its approvers admit.
      if (state === 'answered') {
        expect(call.answerable, `${call.path} took a client's result`).toBe(true);
        const responses = accepted.filter(
          (a) => admits(call, a.caller) && a.replies.some((r) => r.kind === 'respond' && r.ref === call.path),
        );
        expect(responses.length, `${call.path} answered without an admitted respond`).toBeGreaterThan(0);
      }
    }
  }
}

const stepsOver = (paths: readonly string[]) => fc.array(stepArbOver(paths), { minLength: 1, maxLength: 4 });
/** Resumes over every call of the world. */
const stepsArb = stepsOver(CALLS.map((c) => c.path));
/** Resumes over the MCP server's calls alone: its approval and its own question are answered often enough to run. */
const mcpStepsArb = stepsOver(['m', 'p']);

describe('the one gate, by property (memory store)', () => {
  it('runs a tool resumed only as its approvers allow, with the input shown; declines run nothing; responds only where taken; refusals write nothing', async () => {
    await fc.assert(
      fc.asyncProperty(stepsArb, (steps) => checkScenario(() => new InMemorySessionStore(), steps)),
      { numRuns: 200 },
    );
  }, 300_000);

  it('holds the same invariants for answers to an MCP server’s approval and its own question (forwarded as its retry)', async () => {
    await fc.assert(
      fc.asyncProperty(mcpStepsArb, (steps) => checkScenario(() => new InMemorySessionStore(), steps)),
      { numRuns: 100 },
    );
  }, 300_000);

  it('finds the path-ref hole of the last round: an owner’s path under a manager’s call approves nothing', async () => {
    const steps: Step[] = [
      {
        caller: 0,
        via: 'answer',
        replies: [{ kind: 'restart', ref: 'r/anything', name: 'refund', digest: 'none', output: {} }],
      },
      {
        caller: 0,
        via: 'answer',
        replies: [{ kind: 'decline', ref: 'r/x', name: 'refund', digest: 'none', output: {} }],
      },
    ];
    await checkScenario(() => new InMemorySessionStore(), steps);
  });
});

const host = firestoreEmulatorHost();
if (!host) console.warn('\n*** SKIPPED: the one gate by property on Firestore — no Firestore emulator ***\n');
const backends = host ? firestoreStoreBackends(host, demoProjectId('gate'), 'gp') : undefined;

describe.skipIf(!host)('the one gate, by property (Firestore emulator)', () => {
  it('holds the same invariants on the Firestore store', async () => {
    const open = () => (backends as NonNullable<typeof backends>).sdk([]).open();
    await fc.assert(
      fc.asyncProperty(stepsArb, (steps) => checkScenario(open, steps)),
      { numRuns: 15 },
    );
  }, 600_000);
});
