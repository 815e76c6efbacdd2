import { isDeepStrictEqual } from 'node:util';
import { type Resume, ROOT_SNAPSHOT_ID, readApproval } from '@callable-flows/protocol';
import type { DocumentReference } from '@google-cloud/firestore';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { callStateOf, inputDigest } from '../../call-state/index.js';
import { isKitError, type KitError } from '../../errors/index.js';
import { type McpToolSource, mcpTools } from '../../mcp/index.js';
import { type McpTestServer, startMcpTestServer } from '../../mcp/test-utils/mcp-test-server.js';
import { type Message, type ToolRequestPart, toolRequestsOf, toolResponsesOf } from '../../model/index.js';
import { scriptedModel } from '../../models/scripted/index.js';
import type { FirestoreSessionStore } from '../../session/firestore/index.js';
import { InMemorySessionStore, type Session, type SessionStore, snapshotIdOf } from '../../session/index.js';
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
// agent's callable serves the session, whichever is in charge. Forks (a message with a
// `snapshotId`) go on from any recorded snapshot, or name one the session never had, by the owner
// or by anyone: the model of a new branch asks every call again under fresh refs, so an answer to
// a call left on another branch is refused, and a body runs only for an approval on the branch it
// is on, once per call, never again for an idempotent call another branch already ran (the shop's
// `refund` declares no side effects: called anew on a branch, it asks and runs again).

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

/**
 * Every user message opens an epoch: the models call every tool again under refs of their own for
 * it (`n`, then `n-f5` after the message `#5`), as a model names each call anew. An epoch is the
 * number its message carries (a step's number, so never two alike); the first message's is 0.
 */
const EPOCH_SUFFIX = /-f\d+$/;
const refIn = (path: string, epoch: number): string => {
  if (epoch === 0) return path;
  const [head, ...rest] = path.split('/');
  return [`${head}-f${epoch}`, ...rest].join('/');
};
const pathOfRef = (ref: string): string => {
  const [head, ...rest] = ref.split('/');
  return [(head as string).replace(EPOCH_SUFFIX, ''), ...rest].join('/');
};
const epochOfRef = (ref: string): number => Number(/-f(\d+)(?:\/|$)/.exec(ref)?.[1] ?? 0);
/** The world's call a ref (a client's, or a tool's own) names, whatever its epoch. */
const callOfRef = (ref: string): WorldCall | undefined =>
  CALLS.find((c) => c.path === pathOfRef(ref)) ?? byOwnRef.get(pathOfRef(ref));
/** A call's ref as a client names it: a sub-agent's by its path, a call of the conversation's by its own ref. */
const clientRefOf = (ref: string): string => {
  const call = callOfRef(ref);
  return call?.path.includes('/') ? call.path : ref;
};
/** The epoch a user message opens: the number it carries after `#`, 0 for one without. */
const epochOf = (message: Message | undefined): number => {
  const said = message?.content.flatMap((p) => ('text' in p && typeof p.text === 'string' ? [p.text] : [])).at(-1);
  return Number(/#(\d+)$/.exec(said ?? '')?.[1] ?? 0);
};

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
  /** The call it ran for, by its ref as a client names it (its path ref under a sub-agent). */
  ref: string;
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
      const path = callOfRef(ctx.ref)?.path ?? ctx.ref;
      runs.push({ step: step(), path, ref: clientRefOf(ctx.ref), body, input: value });
      return { ok: true };
    },
  );
}

/** True for the tool message of a hand-off: the agent handed to takes the turn up there, as at a user message. */
const handedOver = (message: Message) =>
  toolResponsesOf(message).some((p) => HandoffOutputSchema.safeParse(p.toolResponse.output).success);

/**
 * A model that calls `calls` (by their own refs, in the epoch of the last user message) on a user
 * message or a hand-off and answers in words after its tools.
 */
function callingModel(calls: Array<{ ref: string; name: string; input: unknown }>) {
  return scriptedModel(
    (request) => {
      const last = request.messages.at(-1) as Message;
      if (last.role === 'tool' && !handedOver(last)) return 'done';
      const epoch = epochOf(request.messages.findLast((m) => m.role === 'user'));
      const content = calls.map(({ ref, name, input }) => ({ toolRequest: { ref: refIn(ref, epoch), name, input } }));
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
function mcpRuns(from: number, step: number, epoch: number): Run[] {
  // The server is not told the call's ref: a run is the waiting call's of the epoch, the only one the head has.
  const run = (path: string, body: string, input: unknown): Run => ({
    step,
    path,
    ref: refIn(path, epoch),
    body,
    input,
  });
  return mcpServer.calls.slice(from).flatMap((call): Run[] => {
    if (call.name === 'echo') return [run('m', 'mcp_echo', call.args)];
    if (call.name === 'ship' && call.inputResponses) return [run('p', 'mcp_ship', call.args)];
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

/**
 * The world on `store`: the triage and shop agents and what their tools ran. Without `sub`, the
 * shop never calls its sub-agent. Forks leave it out: the oracle names a sub-agent's calls by
 * their path (`s/sr`), which carries no epoch, and reads the sub-session of the call `s` alone.
 */
function world(store: SessionStore, start: Start = 'shop', { sub: withSub = true } = {}) {
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
    model: callingModel([...callsUnder(''), ...(withSub ? [{ ref: 's', name: 'sub', input: { text: 'sub' } }] : [])]),
    tools: [
      asking('note', text, runs, step),
      // Open metadata: a client's word reaches the tool, so a path ref that turned into its restart would run it.
      // Undeclared side effects: never answered from another branch's journal, it runs again when called anew.
      asking('refund', order, runs, step, {
        sideEffects: undefined,
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
  return { shop, triage, runs, withSub, setStep: (n: number) => (current = n) };
}

/** One reply a client might send. */
interface Reply {
  kind: 'restart' | 'respond' | 'decline';
  ref: string;
  name: string;
  digest: 'none' | 'right' | 'wrong';
  /**
   * Which epoch's call `ref` names (the n-th the scenario saw, modulo how many): a call left on
   * another branch, or asked before the last message. Undefined: the current epoch's. Once sent,
   * `ref` is the ref in that epoch.
   */
  epoch?: number;
  metadata?: Record<string, unknown>;
  replaceInput?: Record<string, unknown>;
  output?: unknown;
}
interface Step {
  kind?: 'resume';
  caller: number;
  via: 'answer' | 'send';
  /** Whose callable takes the call: either serves the session, whichever agent is in charge. */
  through: 'shop' | 'triage';
  replies: Reply[];
  /** Repeat step N's request as it was (a replay): its caller, way, replies and request id. */
  replay?: number;
  requestId?: string;
}
/** Which snapshot a fork names: the n-th the session recorded (modulo how many it has), or an id it never had. */
type SnapshotPick = { recorded: number } | { madeUp: string };
/** A new user message: to the head, or (`snapshot`) going on from a snapshot on a new branch, a fork. */
interface MessageStep {
  kind: 'message';
  caller: number;
  through: 'shop' | 'triage';
  snapshot?: SnapshotPick;
  /** Repeat step N's request as it was (a replay); a message with no request id gets a text of its own. */
  replay?: number;
  requestId?: string;
}
/** A message step as sent: its text (carrying its epoch) and the snapshot id it named. */
interface SentMessage extends MessageStep {
  text: string;
  snapshotId?: string;
}
type SentStep = Step | SentMessage;

const REFS = [...CALLS.map((c) => c.path), 's', 's/d', 'd', 'n/x', 'r/sr', 'r/anything', 's/zz', 's/d/zz', 'zzz'];
const NAMES = [...new Set(CALLS.map((c) => c.tool)), 'sub', 'deep'];
/** Mostly `likely`, sometimes `rarely`: generated answers are mostly well formed, so approvals happen, not only refusals. */
const mostly = <T>(likely: fc.Arbitrary<T>, rarely: fc.Arbitrary<T>): fc.Arbitrary<T> =>
  fc.oneof({ arbitrary: likely, weight: 4 }, { arbitrary: rarely, weight: 1 });
const ODD_REFS = REFS.filter((ref) => !CALLS.some((c) => c.path === ref));
const none = fc.constant(undefined);
/** A reply to one of `paths` (mostly), or to a ref no call of the world has. */
const replyArbOver = (paths: readonly string[], { epochs = false } = {}): fc.Arbitrary<Reply> =>
  fc
    .record({
      kind: fc.constantFrom('restart', 'respond', 'decline'),
      // With epochs (forks and messages in the scenario): now and then a call of another epoch.
      epoch: epochs ? mostly(none, fc.nat({ max: 3 })) : none,
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
    .map(({ name, metadata, replaceInput, serverAnswer, output, epoch, ...rest }) => ({
      ...rest,
      ...(epoch === undefined ? {} : { epoch }),
      ...(metadata ? { metadata } : {}),
      ...(replaceInput ? { replaceInput } : {}),
      output: rest.ref === 'p' && serverAnswer !== undefined ? serverAnswer : output,
      name: name ?? CALLS.find((c) => c.path === rest.ref)?.tool ?? 'note',
    }));
const anyCaller = fc.nat({ max: CALLERS.length - 1 });
const stepArbOver = (
  paths: readonly string[],
  caller: fc.Arbitrary<number> = anyCaller,
  options: { epochs?: boolean } = {},
): fc.Arbitrary<Step> => {
  const replyArb = replyArbOver(paths, options);
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
    const known = CALLS.find((c) => c.path === pathOfRef(r.ref));
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

/** Every call of the world on the head as stored now, by its ref as a client names it, with its state. */
function statesOf(sessions: Session[]): Map<string, { call: WorldCall; part: ToolRequestPart }> {
  const calls = new Map<string, { call: WorldCall; part: ToolRequestPart }>();
  for (const session of sessions) {
    for (const part of session.history.flatMap((m: Message) => toolRequestsOf(m))) {
      const ref = part.toolRequest.ref as string;
      const call = callOfRef(ref);
      if (call) calls.set(clientRefOf(ref), { call, part });
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
  const shopWaits = w.withSub ? SHOP_WAITS : SHOP_WAITS.filter((ref) => !ref.startsWith('s/'));
  const waiting = start === 'triageAsks' ? ['g'] : shopWaits;
  expect(first.status === 'interrupted' && first.interrupts.map((i) => i.ref).sort()).toEqual(waiting);
  return first.sessionId;
}

/** Sends `step` through the callable it names; the refusal, when it was refused. */
async function refusalOf(
  w: ReturnType<typeof world>,
  sessionId: string,
  step: SentStep,
): Promise<KitError | undefined> {
  const caller = CALLERS[step.caller] as Caller;
  const ctx = {
    uid: caller.uid,
    context: { auth: { uid: caller.uid, token: caller.token } },
    ...(step.requestId ? { requestId: step.requestId } : {}),
  };
  const agent = step.through === 'triage' ? w.triage : w.shop;
  try {
    if (step.kind === 'message') {
      await agent.send(
        sessionId,
        { message: step.text, ...(step.snapshotId ? { snapshotId: step.snapshotId } : {}) },
        ctx,
      );
    } else if (step.via === 'answer') await agent.answer(sessionId, toResume(step.replies), ctx);
    else await agent.send(sessionId, { resume: toResume(step.replies) }, ctx);
    return undefined;
  } catch (error) {
    if (!isKitError(error)) throw error;
    return error;
  }
}

/** The codes of a client's call refused for what it asks (not a fault of the kit's, not a busy session). */
const REFUSAL_CODES: readonly string[] = ['invalid-argument', 'failed-precondition', 'permission-denied', 'not-found'];

interface Accepted {
  step: number;
  caller: Caller;
  replies: Reply[];
}

/**
 * What the oracle knows of the branch the head is: the answers accepted on it and the bodies run
 * on it (a fork takes those of the snapshot it goes on from), and the epoch whose calls it asks.
 */
interface Lineage {
  accepted: Accepted[];
  runs: Run[];
  epoch: number;
}

/** The oracle's world: the head's lineage, each snapshot's (as recorded), every epoch seen, and what the current epoch must not run. */
interface Oracle {
  head: Lineage;
  atSnapshot: Map<string, Lineage>;
  /** The head's history as each snapshot was recorded (as the store gave it then). */
  historyAt: Map<string, Message[]>;
  epochs: number[];
  /** Every answer accepted, on whichever branch. */
  everAccepted: Accepted[];
  /** Idempotent calls run on another branch when the current epoch's calls were asked, by tool and input: never run again. */
  journaled: Set<string>;
}

/** The tools declared idempotent whose every run gives a result (journaled, so another branch is answered with it). */
const NOT_RUN_AGAIN = new Set(CALLS.filter((c) => c.tool !== 'refund' && c.tool !== 'mcp_ship').map(bodyOf));
const effectKey = (tool: string, input: unknown) => `${tool}\u0000${inputDigest(input)}`;

/** A body ran resumed only for an approval of exactly its call (an answer to its own question), by a caller its approvers admit, with what they were shown. */
function expectRunsApproved(runs: Run[], accepted: Accepted[], stepNo: number): void {
  for (const run of runs) {
    const call = CALLS.find((c) => c.path === run.path) as WorldCall;
    expect(run.body, `${run.ref} ran ${run.body}'s body`).toBe(bodyOf(call));
    // An approval of exactly that call (an answer to the question of a tool that asks its own).
    const runsOn = call.runsOn ?? ['restart'];
    const approvals = accepted
      .filter((a) => admits(call, a.caller))
      .flatMap((a) => a.replies.filter((r) => runsOn.includes(r.kind) && r.ref === run.ref && r.name === call.tool));
    expect(
      approvals.length,
      `${run.ref} ran in step ${stepNo} without an admitted approval on its branch`,
    ).toBeGreaterThan(0);
    expect(
      approvals.some((r) => mayRunWith(call, r, run.input)),
      `${run.ref} ran with ${JSON.stringify(run.input)}`,
    ).toBe(true);
  }
}

/**
 * A body runs for a call of the current epoch only, once per call (a tool's own question, once per
 * answer), and never again for an idempotent call another branch ran with the same input.
 */
function expectRunsOnce(runs: Run[], everyRun: Run[], oracle: Oracle): void {
  for (const run of runs) {
    const call = CALLS.find((c) => c.path === run.path) as WorldCall;
    expect(epochOfRef(run.ref), `${run.ref} ran, a call of an epoch the head no longer asks`).toBe(oracle.head.epoch);
    if (!call.runsOn) expect(everyRun.filter((r) => r.ref === run.ref).length, `${run.ref} ran twice`).toBe(1);
    if (NOT_RUN_AGAIN.has(run.body))
      expect(
        oracle.journaled.has(effectKey(call.tool, call.input)),
        `${run.ref} ran again what another branch already ran`,
      ).toBe(false);
  }
}

/** A call waiting on its tool's own question (the MCP server's) takes no restart. */
function expectNoRestartOfQuestion(before: Session[], step: Step): void {
  for (const [ref, { call, part }] of statesOf(before)) {
    if (!call.runsOn || callStateOf(part).kind !== 'waiting') continue;
    const restarted = step.replies.some((r) => r.kind === 'restart' && r.ref === ref && r.name === call.tool);
    expect(restarted, `${ref} took a restart while it waited on its question`).toBe(false);
  }
}

/** A decline never runs a tool; a respond lands only where the tool takes one, from a caller its approvers admit. */
function expectStatesAllowed(after: Session[], runs: Run[], accepted: Accepted[]): void {
  for (const [ref, { call, part }] of statesOf(after)) {
    const state = callStateOf(part).kind;
    if (state === 'declined')
      expect(
        runs.some((r) => r.ref === ref),
        `${ref} declined yet ran`,
      ).toBe(false);
    if (state === 'answered') {
      expect(call.answerable, `${ref} took a client's result`).toBe(true);
      const responses = accepted.filter(
        (a) => admits(call, a.caller) && a.replies.some((r) => r.kind === 'respond' && r.ref === ref),
      );
      expect(responses.length, `${ref} answered without an admitted respond on its branch`).toBeGreaterThan(0);
    }
  }
}

/** A scenario: how it begins, and the resumes and messages sent after. */
interface Scenario {
  start: Start;
  steps: Array<Step | MessageStep>;
  /** The shop calls its sub-agent (default); forks leave it out (see `world`). */
  sub?: boolean;
}

/** Snapshot ids a session never recorded: the protocol's bare form, another session's, a made-up one. */
const MADE_UP_SNAPSHOTS = ['s1', snapshotIdOf('another-session', 1), 'zzz'];

/** `planned` as sent in step `stepNo`: a replay as it was, refs in their epochs, a message's text and snapshot. */
function sentStepOf(planned: Step | MessageStep, stepNo: number, sent: SentStep[], oracle: Oracle): SentStep {
  const replayed = planned.replay === undefined ? undefined : sent[planned.replay];
  if (replayed?.kind === 'message' && replayed.requestId === undefined) {
    // A message without a request id is a new call: its text (its epoch) is its own.
    return { ...replayed, text: `${replayed.snapshotId ? 'fork' : 'again'} #${stepNo}` };
  }
  if (replayed) return replayed;
  if (planned.kind === 'message') {
    const { snapshot } = planned;
    const recorded = [...oracle.atSnapshot.keys()];
    const snapshotId =
      snapshot === undefined
        ? undefined
        : 'madeUp' in snapshot
          ? snapshot.madeUp
          : recorded[snapshot.recorded % recorded.length];
    return { ...planned, text: `${snapshotId ? 'fork' : 'again'} #${stepNo}`, ...(snapshotId ? { snapshotId } : {}) };
  }
  const replies = planned.replies.map(({ epoch, ...reply }) => {
    const at = epoch === undefined ? oracle.head.epoch : (oracle.epochs[epoch % oracle.epochs.length] as number);
    return { ...reply, ref: refIn(reply.ref, at) };
  });
  return { ...planned, replies };
}

/** Takes note of the snapshots the session recorded since: each with the head's lineage and history as they are now. */
function recordSnapshots(oracle: Oracle, parent: Session | undefined): void {
  for (const { id } of parent?.snapshots ?? []) {
    if (oracle.atSnapshot.has(id)) continue;
    oracle.atSnapshot.set(id, { ...oracle.head, accepted: [...oracle.head.accepted], runs: [...oracle.head.runs] });
    oracle.historyAt.set(id, structuredClone(parent?.history ?? []));
  }
}

/**
 * A fork's head is its snapshot's history: every message before the last as it was then, and the
 * round that waited then (if it did) closed with no call of it run by the fork. A snapshot points
 * into the journal (a branch and a length): the round it ended in is the message later answers in
 * that round stamp, so a call that waited then is closed as not run, or as what became of it before
 * the fork (it ran, or a person's accepted decline or respond).
 */
function expectWentOnFrom(
  fork: SentMessage,
  then: readonly Message[],
  head: Session,
  oracle: Oracle,
  runs: Run[],
): void {
  const kept = head.history.slice(0, Math.max(0, then.length - 1));
  expect(JSON.stringify(kept), 'a fork kept messages its snapshot did not have').toBe(
    JSON.stringify(then.slice(0, -1)),
  );
  const last = then.at(-1);
  const round = last ? toolRequestsOf(last) : [];
  // The fork's message comes right after them (and the closing of the round its snapshot ended in).
  const message = head.history[then.length + (round.length ? 1 : 0)];
  expect(message?.role === 'user' && epochOf(message), `'${fork.text}' is not right after its snapshot`).toBe(
    epochOf({ role: 'user', content: [{ text: fork.text }] }),
  );
  const closing = toolResponsesOf(head.history[then.length] ?? { role: 'tool', content: [] });
  for (const { toolRequest } of round.filter((p) => callStateOf(p).kind === 'waiting')) {
    const ref = toolRequest.ref as string;
    const response = closing.find((r) => r.toolResponse.ref === ref);
    const notRun = response?.metadata?.toolError !== undefined;
    const happened =
      runs.some((r) => r.ref === ref) ||
      oracle.everAccepted.some((a) => a.replies.some((r) => r.ref === ref && r.kind !== 'restart'));
    expect(notRun || happened, `${ref} waited at the snapshot; the fork's branch says it was answered`).toBe(true);
  }
}

/**
 * An accepted message: the owner's alone, from a snapshot the session recorded; it runs nothing.
 * When it wrote (not a replay of its request id), its epoch begins: on a fork, on the lineage of the
 * snapshot it went on from, every idempotent run off that lineage never to run again.
 */
function takeMessage(oracle: Oracle, step: SentMessage, wrote: boolean, after: Session[], everyRun: Run[]): void {
  expect(CALLERS[step.caller]?.uid, `${CALLERS[step.caller]?.uid} sent a message to the owner's session`).toBe(OWNER);
  if (step.snapshotId !== undefined) {
    const base = oracle.atSnapshot.get(step.snapshotId);
    expect(base, `a fork went on from '${step.snapshotId}', a snapshot the session never recorded`).toBeDefined();
    if (wrote && base) {
      const then = oracle.historyAt.get(step.snapshotId) as Message[];
      expectWentOnFrom(step, then, after[0] as Session, oracle, everyRun);
      oracle.head = { ...base, accepted: [...base.accepted], runs: [...base.runs] };
    }
  }
  if (!wrote) return;
  const epoch = Number(/#(\d+)$/.exec(step.text)?.[1]);
  oracle.head.epoch = epoch;
  oracle.epochs.push(epoch);
  const onBranch = new Set(oracle.head.runs);
  const offBranch = everyRun.filter((r) => !onBranch.has(r) && NOT_RUN_AGAIN.has(r.body));
  const called = (r: Run) => CALLS.find((c) => c.path === r.path) as WorldCall;
  oracle.journaled = new Set(
    offBranch.filter((r) => isDeepStrictEqual(r.input, called(r).input)).map((r) => effectKey(called(r).tool, r.input)),
  );
}

/**
 * An accepted resume: an answer to a call of another epoch (left on another branch, or asked before
 * the last message) is never taken (accepted only as a replay, writing nothing); what ran was approved
 * on the head's branch, ran once, as its approvers allow.
 */
function takeResume(oracle: Oracle, step: Step, stepNo: number, wrote: boolean, ran: Run[], everyRun: Run[]): void {
  const stale = step.replies.filter(
    (r) => CALLS.some((c) => c.path === pathOfRef(r.ref)) && epochOfRef(r.ref) !== oracle.head.epoch,
  );
  if (stale.length) {
    expect(wrote, `step ${stepNo} answered ${stale.map((r) => r.ref)}, a call the head does not ask, and wrote`).toBe(
      false,
    );
    expect(ran, `step ${stepNo} answered ${stale.map((r) => r.ref)}, a call the head does not ask, and ran`).toEqual(
      [],
    );
  }
  const accepted = { step: stepNo, caller: CALLERS[step.caller] as Caller, replies: step.replies };
  oracle.head.accepted.push(accepted);
  oracle.everAccepted.push(accepted);
  oracle.head.runs.push(...ran);
  expectRunsApproved(ran, oracle.head.accepted, stepNo);
  expectRunsOnce(ran, everyRun, oracle);
}

/** The state of the inbox document of call `ref` of session `id` (on a store that keeps an inbox). */
type InboxState = (id: string, ref: string) => Promise<string | undefined>;

/** Every call that waited on the head before a fork is closed `superseded` in the inbox: the fork left it. */
async function expectSuperseded(inbox: InboxState, sessionId: string, before: Session[]): Promise<void> {
  for (const [ref, { part }] of statesOf(before)) {
    if (callStateOf(part).kind !== 'waiting') continue;
    expect(await inbox(sessionId, ref), `${ref} waited on the branch a fork left`).toBe('superseded');
  }
}

async function checkScenario(
  open: () => SessionStore,
  { start, steps, sub = true }: Scenario,
  inboxOf?: (store: SessionStore) => InboxState,
): Promise<void> {
  const store = open();
  const inbox = inboxOf?.(store);
  const w = world(store, start, { sub });
  const sessionId = await begin(w, start);
  const oracle: Oracle = {
    head: { accepted: [], runs: [], epoch: 0 },
    atSnapshot: new Map(),
    historyAt: new Map(),
    everAccepted: [],
    epochs: [0],
    journaled: new Set(),
  };
  // Every session's root: the empty conversation, before anything was asked.
  oracle.atSnapshot.set(ROOT_SNAPSHOT_ID, { accepted: [], runs: [], epoch: 0 });
  oracle.historyAt.set(ROOT_SNAPSHOT_ID, []);
  recordSnapshots(oracle, (await sessionsOf(store, sessionId))[0]);
  const sent: SentStep[] = [];
  for (const [i, planned] of steps.entries()) {
    const stepNo = i + 1;
    const step = sentStepOf(planned, stepNo, sent, oracle);
    sent.push(step);
    const beforeSessions = await sessionsOf(store, sessionId);
    const before = comparable(beforeSessions);
    const mcpBefore = mcpServer.calls.length;
    const ranBefore = w.runs.length;
    w.setStep(stepNo);
    const refusal = await refusalOf(w, sessionId, step);
    const after = await sessionsOf(store, sessionId);
    w.runs.push(...mcpRuns(mcpBefore, stepNo, oracle.head.epoch));
    const ran = w.runs.slice(ranBefore);
    const wrote = comparable(after) !== before;
    if (refusal) {
      // Every refusal is one of a call refused for what it asks; it writes nothing and runs nothing.
      expect(REFUSAL_CODES, `step ${stepNo} was refused with ${refusal.code}: ${refusal.message}`).toContain(
        refusal.code,
      );
      expect(wrote, `step ${stepNo} was refused but wrote`).toBe(false);
      expect(ran, `step ${stepNo} was refused but ran a tool`).toEqual([]);
      continue;
    }
    if (step.kind === 'message') {
      expect(ran, `step ${stepNo}, a message, ran a tool body`).toEqual([]);
      takeMessage(oracle, step, wrote, after, w.runs);
      if (inbox && wrote && step.snapshotId) await expectSuperseded(inbox, sessionId, beforeSessions);
    } else {
      expectNoRestartOfQuestion(beforeSessions, step);
      takeResume(oracle, step, stepNo, wrote, ran, w.runs);
    }
    expectStatesAllowed(after, w.runs, oracle.head.accepted);
    recordSnapshots(oracle, after[0]);
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

/** A message step: mostly the owner's fork from a recorded snapshot, through the shop's callable. */
const messageStepArb: fc.Arbitrary<MessageStep> = fc.record({
  kind: fc.constant('message'),
  caller: mostly(fc.constantFrom(0, 1), anyCaller),
  through: mostly(fc.constant('shop'), fc.constant('triage')),
  snapshot: mostly<SnapshotPick | undefined>(
    fc.oneof(
      { arbitrary: fc.record({ recorded: fc.nat({ max: 7 }) }), weight: 4 },
      { arbitrary: fc.constant(undefined), weight: 1 },
    ),
    fc.record({ madeUp: fc.constantFrom(...MADE_UP_SNAPSHOTS) }),
  ),
  replay: fc.option(fc.nat({ max: 5 }), { nil: undefined }),
  requestId: fc.option(fc.constantFrom('q1', 'q2', 'q3'), { nil: undefined }),
});
/** The calls a fork's scenario answers: the shop's own (its sub-agent left out). */
const FORK_PATHS = CALLS.filter((c) => !c.path.includes('/') && !c.body).map((c) => c.path);
/** The caller whom a call's approvers admit: the owner with the manager's claim, else the one uid listed or checked. */
const ADMITTED: Record<Who, number> = { owner: 1, manager: 1, lia: 3, aud: 4 };
/** A well-formed answer to a call of the fork's world: mostly to the current epoch's, mostly an approval (an answer where that runs it). */
const wellFormedReplyArb: fc.Arbitrary<Reply> = fc
  .record({
    ref: fc.constantFrom(...FORK_PATHS),
    epoch: mostly(none, fc.nat({ max: 3 })),
    decline: mostly(fc.constant(false), fc.constant(true)),
    digest: fc.constantFrom<Reply['digest']>('none', 'right'),
    serverAnswer: fc.constantFrom<unknown>({ name: 'Ann', copies: 2, gift: true, speed: 'express' }, { sure: true }),
  })
  .map(({ ref, epoch, decline, digest, serverAnswer }) => {
    const call = CALLS.find((c) => c.path === ref) as WorldCall;
    const answers = call.answerable || call.runsOn?.includes('respond');
    const kind = decline ? 'decline' : answers ? 'respond' : 'restart';
    const output = ref === 'p' ? serverAnswer : { ok: true };
    return { kind, ref, name: call.tool, digest, output, ...(epoch === undefined ? {} : { epoch }) };
  });
/** Well-formed answers, all by the one caller whom the first one's approvers admit, through the answer path. */
const wellFormedStepArb: fc.Arbitrary<Step> = fc
  .array(wellFormedReplyArb, { minLength: 1, maxLength: 3 })
  .map((replies) => {
    const admittedFor = (r: Reply) => ADMITTED[(CALLS.find((c) => c.path === r.ref) as WorldCall).who];
    const caller = admittedFor(replies[0] as Reply);
    return { caller, via: 'answer', through: 'shop', replies: replies.filter((r) => admittedFor(r) === caller) };
  });
/**
 * Forks among the resumes: the owner's (or anyone's) message from a recorded snapshot, a made-up
 * one or none, then answers to the new branch's calls, or now and then to a call of another epoch.
 */
const forkScenarioArb: fc.Arbitrary<Scenario> = fc.record({
  start: fc.constantFrom<Start>('shop', 'triage'),
  steps: fc.array(
    fc.oneof(
      // Mostly well formed, so answers are taken and bodies run; now and then anything at all.
      { arbitrary: wellFormedStepArb, weight: 3 },
      { arbitrary: stepArbOver(FORK_PATHS, anyCaller, { epochs: true }), weight: 1 },
      { arbitrary: messageStepArb, weight: 1 },
    ),
    { minLength: 2, maxLength: 8 },
  ),
  sub: fc.constant(false),
});

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

  it('holds them across forks: an answer to a call another branch asked is never taken, a body runs once for an approval on its own branch, an idempotent call another branch ran never runs again, a stranger never forks', async () => {
    await fc.assert(
      fc.asyncProperty(forkScenarioArb, (scenario) => checkScenario(() => new InMemorySessionStore(), scenario)),
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

  it('holds them across forks, every call a fork left waiting closed superseded in the inbox', async () => {
    const open = () => (backends as NonNullable<typeof backends>).sdk([]).open();
    const inboxOf = (store: SessionStore) => async (id: string, ref: string) => {
      const doc = (store as FirestoreSessionStore).approvalRef(id, ref) as DocumentReference;
      return readApproval(doc.id, (await doc.get()).data())?.state;
    };
    await fc.assert(
      fc.asyncProperty(forkScenarioArb, (scenario) => checkScenario(open, scenario, inboxOf)),
      { numRuns: 10 },
    );
  }, 600_000);
});
