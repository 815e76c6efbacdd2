import type { Firestore } from '@google-cloud/firestore';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

import { KitError } from '../errors/index.js';
import { type McpToolsOptions, mcpTools } from '../mcp/index.js';
import { type McpTestServer, startMcpTestServer } from '../mcp/test-utils/mcp-test-server.js';
import type { Message, ToolResponsePart } from '../model/index.js';
import { scriptedModel } from '../models/scripted/index.js';
import { FirestoreSessionStore, type StoreOperation } from '../session/firestore/index.js';
import { demoProjectId, emulatorFirestore } from '../session/test-utils/emulator-firestore.js';
import { firestoreEmulatorHost } from '../test-utils/firestore.js';
import { approversWithClaim, defineTool, type ToolEntry } from '../tools/index.js';
import type { TurnTrace } from '../trace/index.js';
import { defineAgent } from './define-agent.js';

// An agent with an MCP server's tools, end to end: the server is the SDK's own on loopback, the
// sessions are on the Firestore emulator.

const host = firestoreEmulatorHost();
if (!host) console.warn('\n*** SKIPPED: MCP tools in an agent — no Firestore emulator ***\n');
const projectId = demoProjectId('mcp-agent');
let firestore: Firestore | undefined;
let server: McpTestServer;
let tenants = 0;
const closing: (() => Promise<void>)[] = [];
beforeAll(async () => {
  server = await startMcpTestServer();
});
afterAll(async () => {
  await Promise.all(closing.map((close) => close()));
  await server?.close();
  await firestore?.terminate();
});

/**
 * A model that answers a user message "<tool> <json input>" by calling that tool, and a tool
 * message with "done: <outputs as JSON>"; `failOnce` fails its first answer to a tool message.
 */
function callsWhatItIsTold(options: { failOnce?: boolean } = {}) {
  let failed = !options.failOnce;
  return scriptedModel((request) => {
    const last = request.messages.at(-1) as Message;
    if (last.role === 'tool') {
      if (!failed) {
        failed = true;
        throw new KitError('unavailable', 'model down');
      }
      return `done: ${JSON.stringify(last.content.map((p) => (p as ToolResponsePart).toolResponse?.output))}`;
    }
    const text = last.content.map((p) => ('text' in p ? p.text : '')).join('');
    const [name = '', ...rest] = text.split(' ');
    const input = rest.length ? JSON.parse(rest.join(' ')) : {};
    return { message: { role: 'model', content: [{ toolRequest: { name, input } }] }, finishReason: 'stop' };
  });
}

function world(mcp: Omit<McpToolsOptions, 'url'> = {}, extra: ToolEntry[] = [], failOnce = false) {
  firestore ??= emulatorFirestore(host as string, projectId);
  const ops: StoreOperation[] = [];
  const prefix = `m${tenants++}_`;
  const store = new FirestoreSessionStore({ firestore, prefix, onOperation: (op) => ops.push(op) });
  const source = mcpTools({ url: server.url, name: 'shop-tools', ...mcp });
  closing.push(() => source.close());
  const traces: TurnTrace[] = [];
  const agent = defineAgent({
    name: 'shop',
    model: callsWhatItIsTold({ failOnce }),
    tools: [...extra, source],
    store,
    traces: (trace) => {
      traces.push(trace);
    },
  });
  const db = firestore;
  const raw = async (sessionId: string) =>
    JSON.stringify((await db.collection(`${prefix}sessions`).doc(sessionId).get()).data());
  const writes = () => ops.reduce((n, op) => n + op.writes, 0);
  return { agent, store, ops, writes, raw, traces };
}

const methodsSince = (from: number) => server.methods.slice(from);

describe.skipIf(!host)('an agent with MCP tools', () => {
  it('answers with the MCP tool’s output, stores the call, and lists nothing more on a warm turn', async () => {
    const w = world();
    const before = server.methods.length;
    const first = await w.agent.send(undefined, { message: 'echo {"text":"hi"}' }, { uid: 'ann' });
    expect(first.text).toBe('done: ["echo: hi"]');
    expect(methodsSince(before)).toEqual(
      expect.arrayContaining(['initialize', 'notifications/initialized', 'tools/list', 'tools/call']),
    );
    const stored = (await w.store.load(first.sessionId))?.session;
    expect(stored?.history.map((m) => m.role)).toEqual(['user', 'model', 'tool', 'model']);
    const warm = server.methods.length;
    const second = await w.agent.send(first.sessionId, { message: 'weather {"city":"Cork"}' }, { uid: 'ann' });
    expect(second.text).toBe('done: [{"city":"Cork","celsius":21}]');
    expect(methodsSince(warm)).toEqual(['tools/call']);
  });

  it('writes as many documents per turn as with a tool of its own with effects', async () => {
    const own = defineTool(
      { name: 'own_echo', description: 'echo', inputSchema: z.object({ text: z.string() }), sideEffects: 'idempotent' },
      ({ text }) => `echo: ${text}`,
    );
    const w = world({}, [own]);
    const { sessionId } = await w.agent.send(undefined, { message: 'own_echo {"text":"warm up"}' }, { uid: 'ann' });
    const at = w.writes();
    await w.agent.send(sessionId, { message: 'own_echo {"text":"a"}' }, { uid: 'ann' });
    const ownWrites = w.writes() - at;
    const mid = w.writes();
    await w.agent.send(sessionId, { message: 'echo {"text":"a"}' }, { uid: 'ann' });
    expect(w.writes() - mid).toBe(ownWrites);
    expect(ownWrites).toBe(4);
  });

  it('tells the model a failed MCP call and finishes the turn when the tool errs or its server is down', async () => {
    const down = await startMcpTestServer();
    firestore ??= emulatorFirestore(host as string, projectId);
    const source = mcpTools({ url: down.url, name: 'down' });
    closing.push(() => source.close());
    const agent = defineAgent({
      name: 'shop',
      model: callsWhatItIsTold(),
      tools: [source],
      store: new FirestoreSessionStore({ firestore, prefix: `m${tenants++}_` }),
    });
    const failed = await agent.send(undefined, { message: 'fail {}' }, { uid: 'ann' });
    expect(failed.status).toBe('done');
    expect(failed.text).toContain("tool 'fail' of MCP server 'down' failed: no access for none");
    await down.stop();
    const unreachable = await agent.send(failed.sessionId, { message: 'echo {"text":"x"}' }, { uid: 'ann' });
    expect(unreachable.status).toBe('done');
    expect(unreachable.text).toContain("tool 'echo' of MCP server 'down' could not be reached");
  });

  it('asks before an approved tool runs and runs it once on the approval, however often the approval is sent', async () => {
    const w = world({ approval: ['refund'] });
    const runs = () => server.runs.get('refund') ?? 0;
    const before = runs();
    const asked = await w.agent.send(undefined, { message: 'refund {"orderId":"A-1","cents":500}' }, { uid: 'ann' });
    expect(asked.status).toBe('interrupted');
    const interrupt = asked.interrupts[0];
    expect(interrupt).toMatchObject({
      name: 'refund',
      input: { orderId: 'A-1', cents: 500 },
      metadata: { mcp: { server: 'shop-tools', tool: 'refund', annotations: { destructiveHint: true } } },
    });
    expect(runs()).toBe(before);
    const approve = { resume: { restart: [{ ref: interrupt?.ref as string, name: 'refund' }] } };
    const done = await w.agent.send(asked.sessionId, approve, { uid: 'ann', requestId: 'ok-1' });
    expect(done.text).toBe('done: ["refunded 500 on A-1"]');
    expect(runs()).toBe(before + 1);
    const again = await w.agent.send(asked.sessionId, approve, { uid: 'ann', requestId: 'ok-1' });
    expect(again.text).toBe(done.text);
    const late = await w.agent.send(asked.sessionId, approve, { uid: 'ann' }).catch((e: unknown) => e);
    expect(late).toMatchObject({ code: 'failed-precondition' });
    expect(runs()).toBe(before + 1);
  });

  it('lets only the approvers it names answer an MCP call’s approval, and puts the call in their inbox', async () => {
    const w = world({ approval: ['refund'], approvers: approversWithClaim('manager') });
    const runs = () => server.runs.get('refund') ?? 0;
    const before = runs();
    const asked = await w.agent.send(undefined, { message: 'refund {"orderId":"A-3","cents":700}' }, { uid: 'ann' });
    const ref = asked.interrupts[0]?.ref as string;
    const approve = { restart: [{ ref, name: 'refund' }] };
    const owner = { uid: 'ann', context: { auth: { uid: 'ann', token: {} } } };
    await expect(w.agent.answer(asked.sessionId, approve, owner)).rejects.toMatchObject({ reason: 'NOT_ALLOWED' });
    const inbox = await (firestore as Firestore).doc(w.store.approvalRef(asked.sessionId, ref).path).get();
    expect(inbox.data()).toMatchObject({ state: 'waiting', approverClaim: 'manager', tool: 'refund' });
    const mary = { uid: 'uid-mary', context: { auth: { uid: 'uid-mary', token: { manager: true } } } };
    await expect(w.agent.answer(asked.sessionId, approve, mary)).resolves.toMatchObject({ status: 'answered' });
    await w.agent.idle();
    expect(runs()).toBe(before + 1);
  });

  it('refuses an approval and a new message with TOOLS_UNAVAILABLE on an instance that can’t list the server, runs and closes nothing, and runs the call once the server is back', async () => {
    const flaky = await startMcpTestServer();
    firestore ??= emulatorFirestore(host as string, projectId);
    const store = new FirestoreSessionStore({ firestore, prefix: `m${tenants++}_` });
    /** An agent on an instance of its own: its own source, so its own listing. */
    const instance = () => {
      const source = mcpTools({ url: flaky.url, name: 'flaky', approval: ['refund'] });
      closing.push(() => source.close());
      return defineAgent({ name: 'shop', model: callsWhatItIsTold(), tools: [source], store, cache: false });
    };
    const asked = await instance().send(undefined, { message: 'refund {"orderId":"A-2","cents":9}' }, { uid: 'ann' });
    const approve = { resume: { restart: [{ ref: asked.interrupts[0]?.ref as string, name: 'refund' }] } };
    await flaky.stop();
    const version = (await store.load(asked.sessionId))?.session.version;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const cold = instance();
      const refused = await cold.send(asked.sessionId, approve, { uid: 'ann' }).catch((e: unknown) => e);
      expect(refused).toMatchObject({ code: 'unavailable', reason: 'TOOLS_UNAVAILABLE', details: { name: 'refund' } });
      // Not taken for a tool a deploy removed: a new message does not close the call as never to run.
      const moved = await cold
        .send(asked.sessionId, { message: 'never mind' }, { uid: 'ann' })
        .catch((e: unknown) => e);
      expect(moved).toMatchObject({ code: 'unavailable', reason: 'TOOLS_UNAVAILABLE' });
    } finally {
      warn.mockRestore();
    }
    expect(flaky.runs.get('refund')).toBeUndefined();
    expect((await store.load(asked.sessionId))?.session.version).toBe(version);
    await flaky.restart();
    const done = await instance().send(asked.sessionId, approve, { uid: 'ann' });
    expect(done.text).toBe('done: ["refunded 9 on A-2"]');
    expect(flaky.runs.get('refund')).toBe(1);
    await flaky.close();
  });

  it('refuses a client’s own result for an MCP call waiting for approval', async () => {
    const w = world({ approval: true });
    const asked = await w.agent.send(undefined, { message: 'echo {"text":"x"}' }, { uid: 'ann' });
    const ref = asked.interrupts[0]?.ref as string;
    const faked = await w.agent
      .send(asked.sessionId, { resume: { respond: [{ ref, name: 'echo', output: 'sent!' }] } }, { uid: 'ann' })
      .catch((e: unknown) => e);
    expect(faked).toMatchObject({ reason: 'ANSWER_NOT_ALLOWED' });
  });

  it('does not call the MCP tool again when a turn that failed after the call is retried', async () => {
    const w = world({}, [], true);
    const runs = () => server.runs.get('echo') ?? 0;
    const before = runs();
    const ctx = { uid: 'ann', requestId: 'r-1' };
    const first = await w.agent.send(undefined, { message: 'echo {"text":"once"}' }, ctx).catch((e: unknown) => e);
    expect(first).toMatchObject({ code: 'unavailable' });
    expect(runs()).toBe(before + 1);
    const retried = await w.agent.send(undefined, { message: 'echo {"text":"once"}' }, ctx);
    expect(retried.text).toBe('done: ["echo: once"]');
    expect(runs()).toBe(before + 1);
  });

  it('sends the caller’s headers to the server and keeps them out of the session, the trace and the logs', async () => {
    const token = 'tok-7f3a9c1e5b2d8046';
    const logged: unknown[][] = [];
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        logged.push(args);
      }),
    );
    try {
      const w = world({ headers: (ctx) => ({ authorization: `Bearer ${String(ctx.token)}` }) });
      const ctx = { uid: 'ann', context: { token } };
      const first = await w.agent.send(undefined, { message: 'echo {"text":"hi"}' }, ctx);
      const failed = await w.agent.send(first.sessionId, { message: 'fail {}' }, ctx);
      expect(failed.text).toContain('no access for');
      expect(server.authorizations).toContain(`Bearer ${token}`);
      expect(await w.raw(first.sessionId)).not.toContain(token);
      expect(JSON.stringify(failed)).not.toContain(token);
      expect(JSON.stringify(w.traces)).not.toContain(token);
      expect(w.traces.length).toBe(2);
      expect(JSON.stringify(logged)).not.toContain(token);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });
});
