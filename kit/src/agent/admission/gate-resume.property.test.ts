import { isDeepStrictEqual } from 'node:util';
import type { Resume } from '@callable-flows/protocol';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { callStateOf, inputDigest } from '../../call-state/index.js';
import { isKitError } from '../../errors/index.js';
import { type McpToolSource, mcpTools } from '../../mcp/index.js';
import { type McpTestServer, startMcpTestServer } from '../../mcp/test-utils/mcp-test-server.js';
import { type Message, type ToolRequestPart, toolRequestsOf, toolResponsesOf } from '../../model/index.js';
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
import type { Agent } from '../agent.js';
import { agentTool } from '../agent-tool.js';
import { defineAgent } from '../define-agent.js';
import { HandoffOutputSchema, handoffTo } from '../handoff/index.js';
import type { WhileBusy } from '../runtime/index.js';
import { subSessionIfCalled } from '../test-utils/sub-session-of.js';

// The one gate, proved by property: whatever resume whoever sends, through whichever way in, a
// tool body runs resumed only for a call that a caller its approvers admit approved, with the
// input they were shown; a decline never runs a tool; a respond lands only where the tool takes
// one; every refusal writes nothing. The world: an agent with a tool of every kind of approvers
// (owner, claim, uid list, check), open and strict resumedMetadata, an editable input, an
// answerable tool, a question, and a sub-agent two deep — every call waiting at once. A triage
// agent in front of it hands the conversation over (`handoffTo`): at once, or after its own
// manager-approved `note` (a name the shop's owner-approved `note` shares) is answered; either
// agent's callable serves the session, whichever is in charge.

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
  /** Whose body runs it: the tool's name, unless two agents' tools share one. */
  body?: string;
  input: Record<string, unknown>;
  who: Who;
  /** A client's result (`respond`) is taken. */
  answerable: boolean;
  /** The answers that run its tool again (default: an approval, `restart`). */
  runsOn?: readonly Reply['kind'][];
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
  // The same server's tool that asks the person itself (2026-07-28 input_required): answered by a
  // respond (the form's content, or the cancel) or a decline, forwarded to the server as its
  // retry; a restart of it is refused.
  {
    path: 'p',
    tool: 'mcp_ship',
    input: { orderId: 'S-9' },
    who: 'manager',
    answerable: false,
    runsOn: ['respond', 'decline'],
  },
  // The triage agent's own `note`, asked in the round that hands off: a manager's, where the shop's is the owner's.
  { path: 'g', tool: 'note', body: 'triage.note', input: { text: 'triage' }, who: 'manager', answerable: false },
];
const ownRef = (path: string) => path.split('/').at(-1) as string;
/** A call by its own ref: every call of the world has a ref of its own, whichever session it is in. */
const byOwnRef = new Map(CALLS.map((c) => [ownRef(c.path), c]));
const bodyOf = (call: WorldCall) => call.body ?? call.tool;

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
  /** The call it ran for, by its path ref. */
  path: string;
  /** Whose body ran. */
  body: string;
  input: unknown;
}

const text = z.object({ text: z.string() });
const order = z.object({ orderId: z.string(), cents: z.number() });
const ok = z.object({ ok: z.boolean() });

/** A tool that asks first and records each run of its body (`body`, default its name) once approved. */
function asking(
  name: string,
  input: z.ZodObject,
  runs: Run[],
  step: () => number,
  extra: Partial<Parameters<typeof defineTool>[0]> & { approvers?: Approvers; body?: string } = {},
): Tool {
  const { body = name, ...config } = extra;
  return defineTool(
    { name, description: name, inputSchema: input, outputSchema: ok, sideEffects: 'idempotent', ...config },
    (value, ctx) => {
      if (!ctx.resumed) ctx.interrupt({ title: `${name}?` });
      runs.push({ step: step(), path: byOwnRef.get(ctx.ref)?.path ?? ctx.ref, body, input: value });
      return { ok: true };
    },
  );
}

/** True for the tool message of a hand-off: the agent handed to takes the turn up there, as at a user message. */
const handedOver = (message: Message) =>
  toolResponsesOf(message).some((p) => HandoffOutputSchema.safeParse(p.toolResponse.output).success);

/** A model that calls `calls` (by their own refs) on a user message or a hand-off and answers in words after its tools. */
function callingModel(calls: Array<{ ref: string; name: string; input: unknown }>) {
  return scriptedModel(
    (request) => {
      const last = request.messages.at(-1) as Message;
      if (last.role === 'tool' && !handedOver(last)) return 'done';
      const content = calls.map(({ ref, name, input }) => ({ toolRequest: { ref, name, input } }));
      return { message: { role: 'model', content }, finishReason: 'stop' };
    },
    { record: false },
  );
}

const callsUnder = (prefix: string) =>
  CALLS.filter((c) => c.path.startsWith(prefix) && !c.path.slice(prefix.length).includes('/') && !c.body).map((c) => ({
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
    if (call.name === 'echo') return [{ step, path: 'm', body: 'mcp_echo', input: call.args }];
    if (call.name === 'ship' && call.inputResponses) return [{ step, path: 'p', body: 'mcp_ship', input: call.args }];
    return [];
  });
}

/**
 * How a scenario begins: the owner's first message to the shop, or to the triage agent, which hands
 * the conversation to the shop at once (`triage`) or in a round that also asks its own `note` (`triageAsks`).
 */
type Start = 'shop' | 'triage' | 'triageAsks';

/** The triage agent: on the first message it hands to the shop, asking its own `note` first for `triageAsks`. */
function triageAgent(store: SessionStore, start: Start, shop: () => Agent<WhileBusy>, runs: Run[], step: () => number) {
  const g = CALLS.find((c) => c.path === 'g') as WorldCall;
  const asks = start === 'triageAsks' ? [{ ref: 'g', name: g.tool, input: g.input }] : [];
  return defineAgent({
    name: 'triage',
    model: callingModel([...asks, { ref: 'h', name: 'transfer_to_shop', input: {} }]),
    tools: [
      asking(g.tool, text, runs, step, { approvers: approversWithClaim('manager'), body: g.body }),
      handoffTo(shop, { name: 'transfer_to_shop' }),
    ],
    store,
  });
}

/** The world on `store`: the triage and shop agents and what their tools ran. */
function world(store: SessionStore, start: Start = 'shop') {
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
  let shop: Agent<WhileBusy> | undefined;
  const triage = triageAgent(store, start, () => shop as Agent<WhileBusy>, runs, step);
  shop = defineAgent({
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
      // Never called: it makes the shop's callable serve the triage agent's sessions too.
      handoffTo(triage),
    ],
    store,
  });
  return { shop, triage, runs, setStep: (n: number) => (current = n) };
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
  /** Whose callable takes the call: either serves the session, whichever agent is in charge. */
  through: 'shop' | 'triage';
  replies: Reply[];
  /** Repeat step N's request as it was (a replay): its caller, way, replies and request id. */
  replay?: number;
  requestId?: string;
}

const REFS = [...CALLS.map((c) => c.path), 's', 's/d', 'd', 'n/x', 'r/sr', 'r/anything', 's/zz', 's/d/zz', 'zzz'];
const NAMES = [...new Set(CALLS.map((c) => c.tool)), 'sub', 'deep'];
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
      // The answer to the MCP server's question (its form, its confirmation, or the cancel): what a
      // respond to `p` carries, mostly.
      serverAnswer: mostly(
        fc.constantFrom<unknown>({ name: 'Ann', copies: 2, gift: true, speed: 'express' }, { sure: true }, 'cancel'),
        none,
      ),
    })
    .map(({ name, metadata, replaceInput, serverAnswer, output, ...rest }) => ({
      ...rest,
      ...(metadata ? { metadata } : {}),
      ...(replaceInput ? { replaceInput } : {}),
      output: rest.ref === 'p' && serverAnswer !== undefined ? serverAnswer : output,
      name: name ?? CALLS.find((c) => c.path === rest.ref)?.tool ?? 'note',
    }));
const anyCaller = fc.nat({ max: CALLERS.length - 1 });
const stepArbOver = (paths: readonly string[], caller: fc.Arbitrary<number> = anyCaller): fc.Arbitrary<Step> => {
  const replyArb = replyArbOver(paths);
  return fc.record({
    caller,
    via: fc.constantFrom('answer', 'send'),
    through: fc.constantFrom('shop', 'triage'),
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
  const parent = (await store.load(parentId, { fresh: true }))?.session;
  if (!parent) return [];
  const subId = subSessionIfCalled(parent, 's');
  const sub = subId === undefined ? undefined : (await store.load(subId, { fresh: true }))?.session;
  if (!sub) return [parent];
  const deepId = subSessionIfCalled(sub, 'd');
  const deep = deepId === undefined ? undefined : (await store.load(deepId, { fresh: true }))?.session;
  return deep ? [parent, sub, deep] : [parent, sub];
}

/** Every call of the world as stored now, by its path ref, with its state. */
function statesOf(sessions: Session[]): Map<string, ToolRequestPart> {
  const calls = new Map<string, ToolRequestPart>();
  for (const session of sessions) {
    for (const part of session.history.flatMap((m: Message) => toolRequestsOf(m))) {
      const call = byOwnRef.get(part.toolRequest.ref as string);
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

/** Every call the shop asks: all wait at once once it has the conversation. */
const SHOP_WAITS = ['a', 'e', 'k', 'l', 'm', 'n', 'p', 'q', 'r', 's/d/dr', 's/sn', 's/sr'];

/** The owner's first message, to the agent `start` names: the session it makes, every call of its first round waiting. */
async function begin(w: ReturnType<typeof world>, start: Start): Promise<string> {
  const ctx = { uid: OWNER, context: { auth: { uid: OWNER, token: {} } } };
  const first = await (start === 'shop' ? w.shop : w.triage).send(undefined, { message: 'go' }, ctx);
  expect(first.status).toBe('interrupted');
  // Every call of the world waits: the MCP server's tool too; the triage agent's own call alone, before it hands off.
  const waiting = start === 'triageAsks' ? ['g'] : SHOP_WAITS;
  expect(first.status === 'interrupted' && first.interrupts.map((i) => i.ref).sort()).toEqual(waiting);
  return first.sessionId;
}

/** Sends `step` through the callable it names; true when it was refused. */
async function refusedStep(w: ReturnType<typeof world>, sessionId: string, step: Step): Promise<boolean> {
  const caller = CALLERS[step.caller] as Caller;
  const ctx = {
    uid: caller.uid,
    context: { auth: { uid: caller.uid, token: caller.token } },
    ...(step.requestId ? { requestId: step.requestId } : {}),
  };
  const resume = toResume(step.replies);
  const agent = step.through === 'triage' ? w.triage : w.shop;
  try {
    if (step.via === 'answer') await agent.answer(sessionId, resume, ctx);
    else await agent.send(sessionId, { resume }, ctx);
    return false;
  } catch (error) {
    if (!isKitError(error)) throw error;
    return true;
  }
}

interface Accepted {
  step: number;
  caller: Caller;
  replies: Reply[];
}

/** A body ran resumed only for an approval of exactly its call (an answer to its own question), by a caller its approvers admit, with what they were shown. */
function expectRunsApproved(runs: Run[], accepted: Accepted[], stepNo: number): void {
  for (const run of runs) {
    const call = CALLS.find((c) => c.path === run.path) as WorldCall;
    expect(run.body, `${call.path} ran ${run.body}'s body`).toBe(bodyOf(call));
    // An approval of exactly that call (an answer to the question of a tool that asks its own).
    const runsOn = call.runsOn ?? ['restart'];
    const approvals = accepted
      .filter((a) => admits(call, a.caller))
      .flatMap((a) => a.replies.filter((r) => runsOn.includes(r.kind) && r.ref === call.path && r.name === call.tool));
    expect(approvals.length, `${call.path} ran in step ${stepNo} without an admitted approval`).toBeGreaterThan(0);
    expect(
      approvals.some((r) => mayRunWith(call, r, run.input)),
      `${call.path} ran with ${JSON.stringify(run.input)}`,
    ).toBe(true);
  }
}

/** A call waiting on its tool's own question (the MCP server's) takes no restart. */
function expectNoRestartOfQuestion(before: Session[], step: Step): void {
  const states = statesOf(before);
  for (const call of CALLS) {
    if (!call.runsOn || callStateOf(states.get(call.path) ?? {}).kind !== 'waiting') continue;
    const restarted = step.replies.some((r) => r.kind === 'restart' && r.ref === call.path && r.name === call.tool);
    expect(restarted, `${call.path} took a restart while it waited on its question`).toBe(false);
  }
}

/** A decline never runs a tool; a respond lands only where the tool takes one, from a caller its approvers admit. */
function expectStatesAllowed(after: Session[], runs: Run[], accepted: Accepted[]): void {
  const states = statesOf(after);
  for (const call of CALLS) {
    const part = states.get(call.path);
    if (!part) continue;
    const state = callStateOf(part).kind;
    if (state === 'declined')
      expect(
        runs.some((r) => r.path === call.path),
        `${call.path} declined yet ran`,
      ).toBe(false);
    if (state === 'answered') {
      expect(call.answerable, `${call.path} took a client's result`).toBe(true);
      const responses = accepted.filter(
        (a) => admits(call, a.caller) && a.replies.some((r) => r.kind === 'respond' && r.ref === call.path),
      );
      expect(responses.length, `${call.path} answered without an admitted respond`).toBeGreaterThan(0);
    }
  }
}

/** A scenario: how it begins, and the resumes sent after. */
interface Scenario {
  start: Start;
  steps: Step[];
}

async function checkScenario(open: () => SessionStore, { start, steps }: Scenario): Promise<void> {
  const store = open();
  const w = world(store, start);
  const sessionId = await begin(w, start);
  const accepted: Accepted[] = [];
  const sent: Step[] = [];
  for (const [i, planned] of steps.entries()) {
    const stepNo = i + 1;
    const step = planned.replay !== undefined && sent[planned.replay] ? (sent[planned.replay] as Step) : planned;
    sent.push(step);
    const beforeSessions = await sessionsOf(store, sessionId);
    const before = comparable(beforeSessions);
    const mcpBefore = mcpServer.calls.length;
    const ranBefore = w.runs.length;
    w.setStep(stepNo);
    const refused = await refusedStep(w, sessionId, step);
    const after = await sessionsOf(store, sessionId);
    w.runs.push(...mcpRuns(mcpBefore, stepNo));
    if (refused) {
      // Every refusal writes nothing and runs nothing.
      expect(comparable(after), `step ${stepNo} was refused but wrote`).toBe(before);
      expect(w.runs.length, `step ${stepNo} was refused but ran a tool`).toBe(ranBefore);
      continue;
    }
    accepted.push({ step: stepNo, caller: CALLERS[step.caller] as Caller, replies: step.replies });
    expectNoRestartOfQuestion(beforeSessions, step);
    expectRunsApproved(w.runs.slice(ranBefore), accepted, stepNo);
    expectStatesAllowed(after, w.runs, accepted);
  }
}

const stepsOver = (paths: readonly string[]) => fc.array(stepArbOver(paths), { minLength: 1, maxLength: 4 });
const scenarioOver = (starts: readonly Start[], paths: readonly string[]): fc.Arbitrary<Scenario> =>
  fc.record({ start: fc.constantFrom(...starts), steps: stepsOver(paths) });
/** Resumes over every call of the world, begun at the shop or handed to it by the triage agent at once. */
const scenarioArb = scenarioOver(
  ['shop', 'triage'],
  CALLS.map((c) => c.path),
);
/** Resumes over the MCP server's calls alone: its approval and its own question are answered often enough to run. */
const mcpScenarioArb = scenarioOver(['shop'], ['m', 'p']);
/**
 * The triage agent's own call, waiting in the round that hands off (named as the shop's owner-approved
 * `note` is), answered often enough to hand the conversation over, then the shop's calls answered
 * through either agent's callable.
 */
const handoffScenarioArb: fc.Arbitrary<Scenario> = fc
  .tuple(
    // First an answer to it, mostly by one of the managers its approvers admit: approved or declined, the round is answered.
    stepArbOver(['g'], mostly(fc.constantFrom(1, 2), anyCaller)),
    fc.array(stepArbOver(['g', 'n', 'r', 'l', 's/sr', 'k']), { maxLength: 3 }),
  )
  .map(([first, rest]) => ({ start: 'triageAsks', steps: [first, ...rest] }));

describe('the one gate, by property (memory store)', () => {
  it('runs a tool resumed only as its approvers allow, with the input shown; declines run nothing; responds only where taken; refusals write nothing', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, (scenario) => checkScenario(() => new InMemorySessionStore(), scenario)),
      { numRuns: 200 },
    );
  }, 300_000);

  it('holds the same invariants for answers to an MCP server’s approval and its own question (forwarded as its retry)', async () => {
    await fc.assert(
      fc.asyncProperty(mcpScenarioArb, (scenario) => checkScenario(() => new InMemorySessionStore(), scenario)),
      { numRuns: 100 },
    );
  }, 300_000);

  it('holds the same invariants across a hand-off asked in a round with a call of the agent handing off', async () => {
    await fc.assert(
      fc.asyncProperty(handoffScenarioArb, (scenario) => checkScenario(() => new InMemorySessionStore(), scenario)),
      { numRuns: 100 },
    );
  }, 300_000);

  it('finds the path-ref hole of the last round: an owner’s path under a manager’s call approves nothing', async () => {
    const steps: Step[] = [
      {
        caller: 0,
        via: 'answer',
        through: 'shop',
        replies: [{ kind: 'restart', ref: 'r/anything', name: 'refund', digest: 'none', output: {} }],
      },
      {
        caller: 0,
        via: 'answer',
        through: 'shop',
        replies: [{ kind: 'decline', ref: 'r/x', name: 'refund', digest: 'none', output: {} }],
      },
    ];
    await checkScenario(() => new InMemorySessionStore(), { start: 'shop', steps });
  });
});

const host = firestoreEmulatorHost();
if (!host) console.warn('\n*** SKIPPED: the one gate by property on Firestore — no Firestore emulator ***\n');
const backends = host ? firestoreStoreBackends(host, demoProjectId('gate'), 'gp') : undefined;

describe.skipIf(!host)('the one gate, by property (Firestore emulator)', () => {
  it('holds the same invariants on the Firestore store', async () => {
    const open = () => (backends as NonNullable<typeof backends>).sdk([]).open();
    await fc.assert(
      fc.asyncProperty(scenarioArb, (scenario) => checkScenario(open, scenario)),
      { numRuns: 15 },
    );
  }, 600_000);
});
