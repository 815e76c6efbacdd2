import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineAgent } from '../agent/index.js';
import { gate } from '../agent/test-utils/agent-fixtures.js';
import type { GenerateRequest, ModelRunnerResponse } from '../model/index.js';
import { scriptedModel } from '../models/scripted/index.js';
import { InMemorySessionStore } from '../session/index.js';
import { defineTool } from '../tools/index.js';
import { onCallFlow } from './on-call-flow.js';
import { callableRequest } from './test-utils/callable-request.js';

const alice = { uid: 'alice' };

/** When a reader reads its tool's signal: before the event only, before and after, or only after. */
const READERS = { before: [true, false], both: [true, true], after: [false, true] } as const;
type Reader = keyof typeof READERS;

/** What one tool saw of its `ctx.signal`, read before it waited and after (when its reader reads then). */
interface Seen {
  early?: AbortSignal;
  late?: AbortSignal;
}

function counter(count: number) {
  let left = count;
  let done = () => {};
  const promise = new Promise<void>((resolve) => {
    done = resolve;
  });
  return { promise, tick: () => --left === 0 && done() };
}

/**
 * An agent whose turn asks for the three readers in one round: each may read its signal at once,
 * then awaits `release` (which the test opens once the event has ended the call), then may read
 * it again and "runs on". `timeoutMs` is each reader's own limit.
 */
function readersAgent(timeoutMs?: number) {
  const started = counter(3);
  const finished = counter(3);
  const release = gate();
  const seen: Partial<Record<Reader, Seen>> = {};
  const tools = (Object.keys(READERS) as Reader[]).map((name) => {
    const [readEarly, readLate] = READERS[name];
    return defineTool(
      {
        name,
        description: 'Waits, then reads its signal.',
        inputSchema: z.object({}),
        ...(timeoutMs ? { timeoutMs } : {}),
      },
      async (_input, ctx) => {
        const early = readEarly ? ctx.signal : undefined;
        started.tick();
        await release.promise;
        seen[name] = { ...(early ? { early } : {}), ...(readLate ? { late: ctx.signal } : {}) };
        finished.tick();
        return { ranOn: true };
      },
    );
  });
  const model = scriptedModel(async (request: GenerateRequest): Promise<ModelRunnerResponse | string> => {
    const last = request.messages.at(-1);
    if (last?.role === 'tool') return 'Done.';
    if (!last?.content.some((p) => 'text' in p && p.text === 'go')) return 'Hello.';
    const content = (Object.keys(READERS) as Reader[]).map((name, i) => ({
      toolRequest: { name, ref: `r${i}`, input: {} },
    }));
    return { message: { role: 'model', content }, finishReason: 'stop' };
  });
  const store = new InMemorySessionStore();
  const agent = defineAgent({ name: 'readers', model, tools, store });
  return { agent, store, seen, started: started.promise, finished: finished.promise, release: release.open };
}

type Fixture = ReturnType<typeof readersAgent>;

interface Event {
  name: string;
  /** The tools' own limit, for the event that is that limit. */
  timeoutMs?: number;
  /** The function's `timeoutSeconds`, for the event that is the function's deadline. */
  timeoutSeconds?: number;
  /** Starts the turn on `sessionId` and makes the event happen once the tools run; settles when the call has ended. */
  strike(fixture: Fixture, fn: ReturnType<typeof onCallFlow>, sessionId: string): Promise<unknown>;
  /** What each reader's signal is aborted with. */
  reason(reader: Reader): unknown;
}

const ended = (call: Promise<unknown>): Promise<unknown> =>
  call.then(
    (result) => result,
    (error: unknown) => error,
  );

const EVENTS: Event[] = [
  {
    name: 'the owner stops the turn',
    async strike({ agent, started }, fn, sessionId) {
      const call = ended(fn.run(callableRequest({ sessionId, message: 'go' }, alice)));
      await started;
      await agent.stop(sessionId, alice);
      return call;
    },
    reason: () =>
      expect.objectContaining({ code: 'cancelled', details: expect.objectContaining({ reason: 'STOPPED' }) }),
  },
  {
    name: 'the turn is aborted by its caller',
    async strike({ agent, started }, _fn, sessionId) {
      const controller = new AbortController();
      const call = ended(agent.send(sessionId, { message: 'go' }, { ...alice, signal: controller.signal }));
      await started;
      controller.abort();
      return call;
    },
    reason: (reader) =>
      expect.objectContaining({
        code: 'aborted',
        message: `tool '${reader}' was aborted`,
        details: { reason: 'CANCELLED' },
      }),
  },
  {
    name: 'the function’s deadline passes',
    // deadlineFor: 6 s less the 5 s kept back to store the turn.
    timeoutSeconds: 6,
    async strike({ started }, fn, sessionId) {
      const call = ended(fn.run(callableRequest({ sessionId, message: 'go' }, alice)));
      await started;
      return call;
    },
    reason: () => expect.objectContaining({ code: 'deadline-exceeded', details: { reason: 'DEADLINE' } }),
  },
  {
    name: 'the tool’s own timeoutMs passes',
    timeoutMs: 50,
    async strike({ started }, fn, sessionId) {
      const call = ended(fn.run(callableRequest({ sessionId, message: 'go' }, alice)));
      await started;
      return call;
    },
    reason: (reader) =>
      expect.objectContaining({ code: 'deadline-exceeded', message: `tool '${reader}' timed out after 50 ms` }),
  },
];

describe('a tool’s ctx.signal', () => {
  it.each(EVENTS)(
    'is aborted with the event’s reason for every reader, however late it first reads it, when $name',
    async (event) => {
      const fixture = readersAgent(event.timeoutMs);
      const fn = onCallFlow(event.timeoutSeconds ? { timeoutSeconds: event.timeoutSeconds } : {}, fixture.agent);
      const { sessionId } = await fn.run(callableRequest({ message: 'hi' }, alice));

      await event.strike(fixture, fn, sessionId);
      // The call has ended; the abandoned bodies go on and look at their signal only now.
      fixture.release();
      await fixture.finished;

      const { seen } = fixture;
      for (const reader of Object.keys(READERS) as Reader[]) {
        const { early, late } = seen[reader] ?? {};
        for (const signal of [early, late].filter((s) => s !== undefined)) {
          expect({ reader, aborted: signal.aborted, reason: signal.reason }).toEqual({
            reader,
            aborted: true,
            reason: event.reason(reader),
          });
        }
      }
      expect(seen.after?.early).toBeUndefined();
      expect(seen.after?.late).toBeDefined();
      expect(seen.both?.late).toBe(seen.both?.early);
      // Nothing is left running: the session takes the next message.
      await expect(fn.run(callableRequest({ sessionId, message: 'thanks' }, alice))).resolves.toMatchObject({
        text: 'Hello.',
      });
    },
  );
});
