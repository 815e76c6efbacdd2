import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineAgent } from '../agent/define-agent.js';
import type { Message, ToolResponsePart } from '../model/index.js';
import { scriptedModel } from '../models/scripted/index.js';
import { InMemorySessionStore } from '../session/index.js';
import { MCP_CANCEL } from './mcp-question.js';
import { mcpTools } from './mcp-tools.js';
import { type McpTestServer, startMcpTestServer } from './test-utils/mcp-test-server.js';

// A 2026-07-28 server's questions (`input_required`) as the kit's interrupts, end to end through
// an agent: the server is the SDK's own (v2) on loopback, asking for a form, then a second
// question, or for a URL to be opened.

let server: McpTestServer;
const closing: (() => Promise<void>)[] = [];
beforeAll(async () => {
  server = await startMcpTestServer('modern');
});
afterAll(async () => {
  await Promise.all(closing.map((close) => close()));
  await server.close();
});

/** A model that calls the tool its user message names ("<tool> <json>"), and says the outputs once told. */
const callsWhatItIsTold = () =>
  scriptedModel((request) => {
    const last = request.messages.at(-1) as Message;
    if (last.role === 'tool') {
      return `done: ${JSON.stringify(last.content.map((p) => (p as ToolResponsePart).toolResponse?.output))}`;
    }
    const text = last.content.map((p) => ('text' in p ? p.text : '')).join('');
    const [name = '', ...rest] = text.split(' ');
    const input = rest.length ? JSON.parse(rest.join(' ')) : {};
    return { message: { role: 'model', content: [{ toolRequest: { name, input } }] }, finishReason: 'stop' };
  });

function world() {
  const store = new InMemorySessionStore();
  const source = mcpTools({ url: server.url, name: 'shop' });
  closing.push(() => source.close());
  const agent = defineAgent({ name: 'shop', model: callsWhatItIsTold(), tools: [source], store });
  return { agent, store };
}

const FORM = { name: 'Ann', copies: 2, gift: true, speed: 'express' };
const callsOf = (name: string) => server.calls.filter((call) => call.name === name);
/** A person's answer to the waiting call `ref`'s question: the form's content, `{}` for a URL, or the cancel. */
const respond = (ref: string, output: unknown, name = 'ship') => ({ resume: { respond: [{ ref, name, output }] } });

describe('a server’s question as an interrupt', () => {
  it('asks the form, then the second question, and sends each answer with the server’s state byte for byte', async () => {
    const { agent, store } = world();
    const asked = await agent.send(undefined, { message: 'ship {"orderId":"A-7"}' }, { uid: 'ann' });
    expect(asked.status).toBe('interrupted');
    const first = asked.interrupts[0];
    expect(first?.metadata).toMatchObject({
      summary: 'Ship A-7: who and how?',
      approveLabel: 'Send',
      elicitation: { mode: 'form', requestedSchema: { properties: { speed: { enum: ['standard', 'express'] } } } },
      mcp: { server: 'shop', tool: 'ship' },
    });
    // The server's state is journaled with the waiting call, never in what a client is sent.
    const minted = server.minted.at(-1) as string;
    expect(JSON.stringify(asked)).not.toContain(minted);
    expect(JSON.stringify((await store.load(asked.sessionId))?.session)).toContain(JSON.stringify(minted).slice(1, -1));

    const second = await agent.send(asked.sessionId, respond(first?.ref as string, FORM), { uid: 'ann' });
    expect(second.status).toBe('interrupted');
    expect(second.interrupts[0]?.metadata).toMatchObject({ summary: 'Ship 2 to Ann?' });
    expect(callsOf('ship').at(-1)).toMatchObject({
      requestState: minted,
      inputResponses: { form: { action: 'accept', content: FORM } },
    });

    const confirmState = server.minted.at(-1) as string;
    const done = await agent.send(asked.sessionId, respond(second.interrupts[0]?.ref as string, { sure: true }), {
      uid: 'ann',
    });
    expect(done.text).toBe('done: ["shipped A-7: 2 to Ann (express)"]');
    expect(callsOf('ship').at(-1)?.requestState).toBe(confirmState);
    expect(server.runs.get('ship')).toBe(1);
  });

  it('refuses a form that does not fit the server’s schema with INVALID_FIELD, sending and writing nothing', async () => {
    const { agent, store } = world();
    const asked = await agent.send(undefined, { message: 'ship {"orderId":"B-1"}' }, { uid: 'ann' });
    const before = JSON.stringify((await store.load(asked.sessionId))?.session);
    const sent = callsOf('ship').length;
    const ref = asked.interrupts[0]?.ref as string;
    for (const output of [{ ...FORM, copies: 'two' }, 'shipped!', { ...FORM, copies: [1] }]) {
      const refused = await agent.send(asked.sessionId, respond(ref, output), { uid: 'ann' }).catch((e: unknown) => e);
      expect(refused).toMatchObject({
        code: 'invalid-argument',
        reason: 'INVALID_FIELD',
        details: { ref, field: 'resume.respond.0.output' },
      });
    }
    const wrong = await agent
      .send(asked.sessionId, respond(ref, { ...FORM, copies: 'two' }), { uid: 'ann' })
      .catch((e: unknown) => e);
    expect((wrong as Error).message).toContain('copies');
    expect(callsOf('ship')).toHaveLength(sent);
    expect(JSON.stringify((await store.load(asked.sessionId))?.session)).toBe(before);
  });

  it('tells the server the person declined, and the server decides, when the call is declined', async () => {
    const { agent } = world();
    const asked = await agent.send(undefined, { message: 'ship {"orderId":"C-3"}' }, { uid: 'ann' });
    const ref = asked.interrupts[0]?.ref as string;
    const declined = await agent.send(
      asked.sessionId,
      { resume: { decline: [{ ref, name: 'ship', reason: 'no' }] } },
      {
        uid: 'ann',
      },
    );
    expect(declined.text).toBe('done: ["not shipped: C-3"]');
    expect(callsOf('ship').at(-1)?.inputResponses).toEqual({ form: { action: 'decline' } });
  });

  it('tells the server the person dismissed its question when the respond is the explicit cancel', async () => {
    const { agent } = world();
    const asked = await agent.send(undefined, { message: 'ship {"orderId":"C-4"}' }, { uid: 'ann' });
    const cancelled = await agent.send(asked.sessionId, respond(asked.interrupts[0]?.ref as string, MCP_CANCEL), {
      uid: 'ann',
    });
    expect(cancelled.text).toBe('done: ["not shipped: C-4"]');
    expect(callsOf('ship').at(-1)?.inputResponses).toEqual({ form: { action: 'cancel' } });
  });

  it('asks to open a URL and tells the server it was opened when the person responds', async () => {
    const { agent } = world();
    const asked = await agent.send(undefined, { message: 'link {}' }, { uid: 'ann' });
    expect(asked.interrupts[0]?.metadata).toMatchObject({
      approveLabel: 'Continue',
      elicitation: { mode: 'url', url: 'https://accounts.example.com/link', message: 'Link your account' },
    });
    const state = server.minted.at(-1);
    const done = await agent.send(asked.sessionId, respond(asked.interrupts[0]?.ref as string, {}, 'link'), {
      uid: 'ann',
    });
    expect(done.text).toBe('done: ["link accept"]');
    expect(callsOf('link').at(-1)).toMatchObject({
      requestState: state,
      inputResponses: { visit: { action: 'accept' } },
    });
  });

  it('refuses a restart of a call waiting on the server’s question, with or without the old metadata, and writes nothing', async () => {
    const { agent, store } = world();
    const asked = await agent.send(undefined, { message: 'ship {"orderId":"D-4"}' }, { uid: 'ann' });
    const before = JSON.stringify((await store.load(asked.sessionId))?.session);
    const ref = asked.interrupts[0]?.ref as string;
    for (const metadata of [undefined, { action: 'accept', content: FORM }]) {
      const restart = { ref, name: 'ship', ...(metadata ? { metadata } : {}) };
      const refused = await agent
        .send(asked.sessionId, { resume: { restart: [restart] } }, { uid: 'ann' })
        .catch((error: unknown) => error);
      expect(refused).toMatchObject({ code: 'invalid-argument', reason: 'ANSWER_NOT_ALLOWED' });
    }
    expect(JSON.stringify((await store.load(asked.sessionId))?.session)).toBe(before);
  });
});
