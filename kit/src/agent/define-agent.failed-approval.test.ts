import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { onCallFlow } from '../callable/index.js';
import { callableRequest } from '../callable/test-utils/callable-request.js';
import type { GenerateRequest } from '../model/index.js';
import { scriptedModel } from '../models/scripted/index.js';
import { InMemorySessionStore } from '../session/index.js';
import { defineTool } from '../tools/index.js';
import { defineAgent } from './define-agent.js';

// A tool whose effect fails after a person approved it (issue 44): the model is told, as with any
// tool error, and the turn's result names the call in `failed`, so the person sees it failed
// instead of a `done` that hides it. A failure nobody approved stays the model's alone.

function bookings(fails: { book: boolean; find: boolean }) {
  const book = defineTool(
    {
      name: 'book',
      description: 'books a room',
      inputSchema: z.object({ room: z.string() }),
      sideEffects: 'idempotent',
    },
    ({ room }, ctx) => {
      if (!ctx.resumed) ctx.interrupt({ question: `Book ${room}?` });
      if (fails.book) throw new Error(`booking ${ctx.callId} exists`);
      return { booked: room };
    },
  );
  const find = defineTool({ name: 'find', description: 'finds rooms', inputSchema: z.object({}) }, () => {
    if (fails.find) throw new Error('the directory is down');
    return { rooms: ['Ada'] };
  });
  const model = scriptedModel((request: GenerateRequest) => {
    const last = request.messages.at(-1);
    if (last?.role === 'tool') return 'Sorry, that failed.';
    const name = JSON.stringify(last?.content).includes('find') ? 'find' : 'book';
    const call = { toolRequest: { name, ref: 'c1', input: name === 'book' ? { room: 'Ada' } : {} } };
    return { message: { role: 'model', content: [call] }, finishReason: 'stop' };
  });
  const agent = defineAgent({ name: 'rooms', model, tools: [book, find], store: new InMemorySessionStore() });
  return onCallFlow({}, agent);
}

type Wire = { sessionId: string; status: string; text: string; failed?: unknown };
const ann = <T>(data: unknown) => callableRequest<T>(data, { uid: 'ann' });

describe('defineAgent: an approved call whose tool fails', () => {
  it("ends the turn done with the call in the result's `failed`, the model told too", async () => {
    const fn = bookings({ book: true, find: false });
    const asked = (await fn.run(ann({ message: 'book Ada' }))) as Wire;
    const resume = { restart: [{ ref: 'c1', name: 'book' }] };
    const done = (await fn.run(ann({ sessionId: asked.sessionId, resume, requestId: 'r-1' }))) as Wire;
    expect(done.status).toBe('done');
    expect(done.text).toBe('Sorry, that failed.');
    expect(done.failed).toEqual([{ ref: 'c1', name: 'book', error: expect.stringMatching(/^booking .+ exists$/) }]);
    // A retry of the approval gets the same result, the failure still named.
    const again = (await fn.run(ann({ sessionId: asked.sessionId, resume, requestId: 'r-1' }))) as Wire;
    expect(again.failed).toEqual(done.failed);
  });

  it('names nothing when the approved call succeeds, or when a call nobody approved fails', async () => {
    const fn = bookings({ book: false, find: true });
    const asked = (await fn.run(ann({ message: 'book Ada' }))) as Wire;
    const resume = { restart: [{ ref: 'c1', name: 'book' }] };
    const done = (await fn.run(ann({ sessionId: asked.sessionId, resume }))) as Wire;
    expect(done).toEqual(expect.objectContaining({ status: 'done' }));
    expect(done.failed).toBeUndefined();
    const found = (await fn.run(ann({ sessionId: asked.sessionId, message: 'find a room' }))) as Wire;
    expect(found).toEqual(expect.objectContaining({ status: 'done', text: 'Sorry, that failed.' }));
    expect(found.failed).toBeUndefined();
  });
});
