import type { Session } from '@callable-flows/kit/session/index.js';
import { SESSION_LIMITS } from '@callable-flows/kit/session/index.js';
import { demoProjectId, emulatorFirestore } from '@callable-flows/kit/session/test-utils/emulator-firestore.js';
import { firestoreEmulatorHost } from '@callable-flows/kit/test-utils/firestore.js';
import { defineTool } from '@callable-flows/kit/tools/index.js';
import type { Firestore } from '@google-cloud/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { shopWorld, userTexts } from './test-utils/shop-world.js';
import { typedClient } from './test-utils/typed-client.js';

// Nothing a tool makes can outgrow a session document (docs/reference.md, limits): a stored result
// refers to the journal's interrupts instead of copying them, and what is over its limit is the
// tool's error, told to the model, with the session usable at once.

const host = firestoreEmulatorHost();
const projectId = demoProjectId('payload-sizes');
let firestore: Firestore | undefined;
let tenants = 0;

afterAll(async () => {
  await firestore?.terminate();
});

const MB = 1024 * 1024;

/** `review`: asks a person to review a document, showing them its first `previewChars`. */
const reviewTool = (previewChars: number) =>
  defineTool(
    {
      name: 'review',
      description: 'asks a person to review a document',
      inputSchema: z.object({ text: z.string() }),
      sideEffects: 'idempotent',
    },
    ({ text }, ctx) => {
      if (!ctx.resumed)
        ctx.interrupt({ preview: text.repeat(Math.ceil(previewChars / text.length)).slice(0, previewChars) });
      return { reviewed: text.length };
    },
  );

const dump = defineTool({ name: 'dump', description: 'returns a large export', inputSchema: z.object({}) }, () => ({
  data: 'd'.repeat(1.2 * MB),
}));

const note = defineTool(
  {
    name: 'note',
    description: 'keeps a note in the session state, its text repeated',
    inputSchema: z.object({ text: z.string(), times: z.number().int() }),
  },
  ({ text, times }, ctx) => {
    ctx.updateState((state) => ({ notes: [...((state as { notes?: string[] }).notes ?? []), text.repeat(times)] }));
    return { kept: true };
  },
);

function world(previewChars = 60_000, noteInput: unknown = { text: 'n'.repeat(1024), times: 300 }) {
  firestore ??= emulatorFirestore(host as string, projectId);
  return shopWorld(firestore, `p${tenants++}_`, {
    tools: [reviewTool(previewChars), dump, note],
    asks: { review: { text: 'w'.repeat(200_000) }, dump: {}, note: noteInput },
    state: z.object({ notes: z.array(z.string()).optional() }),
  });
}

describe.skipIf(!host)('payloads a tool makes', () => {
  it('stores a large interrupt once, and gives it back from the journal to a retry by request id', async () => {
    const w = world();
    const alice = typedClient(w.callable(), 'alice');
    const asked = await alice.send('use review', { requestId: 'review-1' });
    expect(asked.status).toBe('interrupted');
    const interrupt = asked.interrupts[0];
    expect(interrupt?.input).toEqual({ text: 'w'.repeat(200_000) });
    const session = (await w.store.load(asked.sessionId))?.session as Session;
    // The stored result names the interrupt; its input and metadata live in the history alone.
    expect(session.results).toHaveLength(1);
    expect(session.results[0]?.result.interrupts).toEqual([]);
    expect(session.results[0]?.interruptRefs).toEqual([interrupt?.ref]);
    expect(JSON.stringify(session.results).length).toBeLessThan(2_000);
    await expect(alice.send('use review', { requestId: 'review-1' })).resolves.toEqual(asked);
    if (!interrupt) throw new Error('no interrupt');
    await expect(alice.approve(interrupt)).resolves.toMatchObject({
      status: 'done',
      text: 'done: [{"reviewed":200000}]',
    });
  });

  it('tells the model, not the client, that an interrupt’s metadata is over its limit', async () => {
    const w = world(1.2 * MB);
    const alice = typedClient(w.callable(), 'alice');
    const done = await alice.send('use review', { requestId: 'review-2' });
    expect(done.status).toBe('done');
    expect(done.text).toContain("the interrupt metadata of tool 'review' is");
    expect(done.text).toContain(`over the limit of ${SESSION_LIMITS.interruptMetadataBytes}`);
    const session = (await w.store.load(done.sessionId))?.session as Session;
    expect(session).toMatchObject({ status: 'idle', interrupts: [] });
    await expect(alice.send('bye')).resolves.toMatchObject({ text: 'noted: bye' });
  });

  it('tells the model that a tool’s output is over its limit, and the session goes on', async () => {
    const w = world();
    const alice = typedClient(w.callable(), 'alice');
    const done = await alice.send('use dump', { requestId: 'dump-1' });
    expect(done.text).toContain(`the output of tool 'dump' is`);
    expect(done.text).toContain(`over the limit of ${SESSION_LIMITS.toolOutputBytes}`);
    await expect(alice.send('bye')).resolves.toMatchObject({ text: 'noted: bye' });
    const session = (await w.store.load(done.sessionId))?.session as Session;
    expect(userTexts(session.history)).toEqual(['use dump', 'bye']);
  });

  it('refuses a tool input over its limit without running the tool', async () => {
    const w = world(60_000, { text: 'n'.repeat(300 * 1024), times: 1 });
    const alice = typedClient(w.callable(), 'alice');
    const done = await alice.send('use note');
    expect(done.text).toContain(`the input of tool 'note' is`);
    expect(done.text).toContain(`over the limit of ${SESSION_LIMITS.toolInputBytes}`);
    const session = (await w.store.load(done.sessionId))?.session as Session;
    expect(session.state).toEqual({});
    await expect(alice.send('bye')).resolves.toMatchObject({ text: 'noted: bye' });
  });

  it('refuses a state update that would outgrow its limit, keeping the state as it was', async () => {
    const w = world();
    const alice = typedClient(w.callable(), 'alice');
    const done = await alice.send('use note', { requestId: 'note-1' });
    expect(done.text).toContain('the session state is');
    expect(done.text).toContain(`over the limit of ${SESSION_LIMITS.stateBytes}`);
    const session = (await w.store.load(done.sessionId))?.session as Session;
    expect(session.state).toEqual({});
    expect(session.status).toBe('idle');
    await expect(alice.send('bye')).resolves.toMatchObject({ text: 'noted: bye' });
  });
});
