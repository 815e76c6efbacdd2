import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { GenerateRequest, Message } from '../model/index.js';
import { scriptedModel } from '../models/scripted/index.js';
import { InMemorySessionStore } from '../session/index.js';
import { defineTool } from '../tools/index.js';
import { defineAgent } from './define-agent.js';

// The key a tool can trust (issue 44): every session's model names its call 'b1', yet each call's
// `ctx.callId` is its own, the same when the call asks and when it runs after the approval, on
// another instance of the agent (a cold start) reading the journal; `ctx.sessionId` names the session.

interface Seen {
  ref: string;
  callId: string;
  sessionId: string | undefined;
  resumed: boolean;
}

function rooms(store: InMemorySessionStore, seen: Seen[]) {
  const book = defineTool(
    {
      name: 'book',
      description: 'books a room',
      inputSchema: z.object({ room: z.string() }),
      sideEffects: 'idempotent',
    },
    ({ room }, ctx) => {
      seen.push({ ref: ctx.ref, callId: ctx.callId, sessionId: ctx.sessionId, resumed: ctx.resumed !== undefined });
      if (!ctx.resumed) ctx.interrupt({ question: `Book ${room}?` });
      return { booked: room };
    },
  );
  const model = scriptedModel((request: GenerateRequest) =>
    request.messages.at(-1)?.role === 'tool'
      ? 'Booked.'
      : {
          message: { role: 'model', content: [{ toolRequest: { name: 'book', ref: 'b1', input: { room: 'Ada' } } }] },
          finishReason: 'stop',
        },
  );
  return defineAgent({ name: 'rooms', model, tools: [book], store });
}

async function askedAndApproved(store: InMemorySessionStore, seen: Seen[]) {
  const asked = await rooms(store, seen).send(undefined, { message: 'book Ada' }, { uid: 'ann' });
  expect(asked.status).toBe('interrupted');
  // A new instance of the agent over the same store: nothing of the first call kept in memory.
  const done = await rooms(store, seen).send(
    asked.sessionId,
    { resume: { restart: [{ ref: 'b1', name: 'book' }] } },
    { uid: 'ann' },
  );
  expect(done.status).toBe('done');
  return asked.sessionId;
}

describe('defineAgent: a tool call’s own id', () => {
  it('is the same when the call asks and when it runs after the approval, and names the session', async () => {
    const seen: Seen[] = [];
    const sessionId = await askedAndApproved(new InMemorySessionStore(), seen);
    expect(seen.map((s) => s.resumed)).toEqual([false, true]);
    expect(seen[1]?.callId).toBe(seen[0]?.callId);
    expect(seen.every((s) => s.sessionId === sessionId && s.ref === 'b1')).toBe(true);
  });

  it('differs between two sessions whose model named its call alike', async () => {
    const seen: Seen[] = [];
    const store = new InMemorySessionStore();
    const first = await askedAndApproved(store, seen);
    const second = await askedAndApproved(store, seen);
    expect(first).not.toBe(second);
    expect(seen.map((s) => s.ref)).toEqual(['b1', 'b1', 'b1', 'b1']);
    expect(new Set(seen.map((s) => s.callId)).size).toBe(2);
    expect(seen[2]?.callId).not.toBe(seen[0]?.callId);
  });

  it('is the one a call journaled on its own part carries, when a journal written before ids moved to the message resumes', async () => {
    const seen: Seen[] = [];
    const store = new InMemorySessionStore();
    const asked = await rooms(store, seen).send(undefined, { message: 'book Ada' }, { uid: 'ann' });
    // The waiting call as the kit journaled it until 2026-12-07: its id on its part, none on its message.
    const record = await store.load(asked.sessionId);
    if (!record) throw new Error('the session was not stored');
    const history = record.session.history.map((message: Message): Message => {
      const prefix = message.metadata?.callIdPrefix;
      if (typeof prefix !== 'string') return message;
      const { callIdPrefix: _prefix, ...metadata } = message.metadata ?? {};
      const content = message.content.map((part, i) =>
        'toolRequest' in part ? { ...part, metadata: { ...part.metadata, callId: `journaled-before.${i}` } } : part,
      );
      return { ...message, content, metadata };
    });
    await store.write(record, { ...record.session, history, version: record.session.version + 1 });
    const done = await rooms(store, seen).send(
      asked.sessionId,
      { resume: { restart: [{ ref: 'b1', name: 'book' }] } },
      { uid: 'ann' },
    );
    expect(done.status).toBe('done');
    expect(seen.map((s) => [s.resumed, s.callId])).toEqual([
      [false, expect.stringMatching(/^[A-Za-z0-9_-]{22}\.0$/)],
      [true, 'journaled-before.0'],
    ]);
  });
});
