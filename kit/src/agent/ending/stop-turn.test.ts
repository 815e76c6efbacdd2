import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isKitError, type KitError } from '../../errors/index.js';
import type { GenerateRequest, ModelRunnerResponse } from '../../model/index.js';
import { scriptedModel } from '../../models/scripted/index.js';
import { InMemorySessionStore } from '../../session/index.js';
import { defineTool } from '../../tools/index.js';
import { defineAgent } from '../define-agent.js';
import { gate } from '../test-utils/agent-fixtures.js';

const alice = { uid: 'alice' };

/** Plays: lookup (done at once) and wait (holds until its signal fires) in one round, then "Done.". */
function slowRoundAgent() {
  const store = new InMemorySessionStore();
  const inRound = gate();
  let waitRan = 0;
  const lookup = defineTool({ name: 'lookup', description: 'Looks up.', inputSchema: z.object({}) }, () => ({ ok: 1 }));
  const wait = defineTool(
    { name: 'wait', description: 'Takes its time.', inputSchema: z.object({}), sideEffects: 'idempotent' },
    async (_input, ctx) => {
      waitRan++;
      inRound.open();
      await new Promise((resolve) => ctx.signal.addEventListener('abort', resolve, { once: true }));
      return 'late';
    },
  );
  const model = scriptedModel(async (request: GenerateRequest): Promise<ModelRunnerResponse | string> => {
    const last = request.messages.at(-1);
    if (last?.role === 'tool' || last?.content.some((p) => 'text' in p && p.text === 'thanks')) return 'Done.';
    return {
      message: {
        role: 'model',
        content: [
          { toolRequest: { name: 'lookup', ref: 'l1', input: {} } },
          { toolRequest: { name: 'wait', ref: 'w1', input: {} } },
        ],
      },
      finishReason: 'stop',
    };
  });
  const agent = defineAgent({ name: 'slow', model, tools: [lookup, wait], store });
  return { agent, store, inRound, model, waitRuns: () => waitRan };
}

/** A session of alice's, idle after a first turn. */
async function openSession(agent: ReturnType<typeof slowRoundAgent>['agent']): Promise<string> {
  return (await agent.send(undefined, { message: 'thanks' }, alice)).sessionId;
}

async function refusal(run: Promise<unknown>): Promise<KitError> {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isKitError(error)) throw new Error(`expected a kit error, got ${String(error)}`);
  return error;
}

describe('stopTurn', () => {
  it('stops the running turn, keeps what finished, tells the model the rest, records who stopped it, and frees the session when the owner stops it', async () => {
    const { agent, store, inRound, waitRuns } = slowRoundAgent();
    const s1 = await openSession(agent);
    const running = agent.send(s1, { message: 'go' }, { ...alice, requestId: 'go-1' });
    const turnError = refusal(running);
    await inRound.promise;
    const stop = { ...alice, requestId: 'stop-1', clientId: 'phone' };
    await expect(agent.stop(s1, stop)).resolves.toEqual({ sessionId: s1, status: 'stopped' });
    expect(await turnError).toMatchObject({ code: 'cancelled', details: { reason: 'STOPPED', sessionId: s1 } });
    const session = (await store.load(s1))?.session;
    expect(session?.status).toBe('idle');
    expect(session?.outcome).toEqual({
      kind: 'stopped',
      at: expect.any(Number),
      requestId: 'go-1',
      stoppedBy: { uid: 'alice', requestId: 'stop-1', clientId: 'phone', at: expect.any(Number) },
    });
    expect(session?.requests?.find((r) => r.id === 'go-1')?.outcome).toBe('stopped');
    expect(session?.lease ?? null).toBeNull();
    const answers = session?.history.at(-1)?.content.map((p) => ('toolResponse' in p ? p.toolResponse : undefined));
    expect(answers).toEqual([
      { name: 'lookup', ref: 'l1', output: { ok: 1 } },
      {
        name: 'wait',
        ref: 'w1',
        output: { error: expect.stringMatching(/^stopped by the user .*whether it ran is unknown/) },
      },
    ]);
    // The stopped call's retry runs nothing and is told what the call was: stopped.
    const retry = await refusal(agent.send(s1, { message: 'go' }, { ...alice, requestId: 'go-1' }));
    expect(retry).toMatchObject({ code: 'cancelled', details: { reason: 'STOPPED', requestId: 'go-1' } });
    // The session takes the next message at once; the stopped call is not run again.
    await expect(agent.send(s1, { message: 'thanks' }, alice)).resolves.toMatchObject({ text: 'Done.' });
    expect(waitRuns()).toBe(1);
  });

  it('answers a retried stop as the first when it carries the same request id', async () => {
    const { agent, inRound } = slowRoundAgent();
    const s1 = await openSession(agent);
    const running = refusal(agent.send(s1, { message: 'go' }, alice));
    await inRound.promise;
    const first = await agent.stop(s1, { ...alice, requestId: 'stop-1' });
    await running;
    await expect(agent.stop(s1, { ...alice, requestId: 'stop-1' })).resolves.toEqual(first);
  });

  it('refuses with NOTHING_TO_STOP, naming the session, and changes nothing when no turn runs', async () => {
    const { agent, store } = slowRoundAgent();
    const s1 = await openSession(agent);
    const before = (await store.load(s1))?.session;
    const error = await refusal(agent.stop(s1, alice));
    expect(error).toMatchObject({ code: 'failed-precondition' });
    expect(error.details).toEqual({ reason: 'NOTHING_TO_STOP', sessionId: s1 });
    expect((await store.load(s1))?.session).toEqual(before);
  });

  it('refuses with NOT_OWNER and lets the turn run when someone else stops it', async () => {
    const { agent, inRound } = slowRoundAgent();
    const s1 = await openSession(agent);
    const running = refusal(agent.send(s1, { message: 'go' }, alice));
    await inRound.promise;
    const error = await refusal(agent.stop(s1, { uid: 'mallory' }));
    expect(error).toMatchObject({ code: 'permission-denied', details: { reason: 'NOT_OWNER' } });
    await agent.stop(s1, alice);
    expect((await running).details?.reason).toBe('STOPPED');
  });

  it('refuses a session that does not exist as another user’s (NOT_OWNER, the same words): nobody learns whether an id exists', async () => {
    const { agent } = slowRoundAgent();
    const missing = await refusal(agent.stop('nope', alice));
    expect(missing).toMatchObject({ code: 'permission-denied', details: { reason: 'NOT_OWNER' } });
    expect(missing.message).toBe("session 'nope' belongs to another user");
  });
});
