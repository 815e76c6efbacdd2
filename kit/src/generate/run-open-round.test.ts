import { describe, expect, it } from 'vitest';
import { callStateOf, stampApproved, stampInterrupt, stampPendingOutput } from '../call-state/index.js';
import type { Message, ToolResponsePart } from '../model/index.js';
import { testTools } from '../test-utils/protocol-tools.js';
import type { ToolCallScope } from './execute-tool-call.js';
import type { ToolResultStep } from './generate-options.js';
import { runOpenRound } from './run-open-round.js';
import { toToolMap } from './to-tool-map.js';

function setup() {
  const tools = testTools();
  const scope: ToolCallScope = { tools: toToolMap(tools.all), context: {}, signal: undefined, middleware: [] };
  return { ...tools, scope };
}

const request = (name: string, ref: string, id: string) => ({ toolRequest: { name, ref, input: { id } } });

describe('runOpenRound', () => {
  it('runs every call and gives the tool message in request order when nothing interrupts', async () => {
    const { scope, calls } = setup();
    const message: Message = { role: 'model', content: [request('lookup', 'a', 'xyz'), request('lookup', 'b', 'x')] };
    const round = await runOpenRound(message, scope);
    expect(round.toolMessage?.content.map((p) => (p as ToolResponsePart).toolResponse)).toEqual([
      { name: 'lookup', ref: 'a', output: { value: 3 } },
      { name: 'lookup', ref: 'b', output: { value: 1 } },
    ]);
    expect(round.interrupts).toBeUndefined();
    expect(calls).toHaveLength(2);
  });

  it('gives back the model message itself when it carries the id of its calls and the round settles', async () => {
    const { scope } = setup();
    const message: Message = {
      role: 'model',
      content: [{ text: 'looking' }, request('lookup', 'a', 'xy'), request('lookup', 'b', 'xy')],
      metadata: { callIdPrefix: 'm-1' },
    };
    const round = await runOpenRound(message, scope);
    expect(round.message).toBe(message);
    expect(round.toolMessage?.content).toHaveLength(2);
  });

  it('gives back the model message itself when its calls carry their own ids (journaled so before 2026-12-07)', async () => {
    const { scope } = setup();
    const withId = (ref: string) => ({ ...request('lookup', ref, 'xy'), metadata: { callId: `id.${ref}` } });
    const message: Message = { role: 'model', content: [{ text: 'looking' }, withId('a'), withId('b')] };
    const round = await runOpenRound(message, scope);
    expect(round.message).toBe(message);
    expect(round.toolMessage?.content).toHaveLength(2);
  });

  it('stamps finished calls with pendingOutput and waiting ones with interrupt when a call interrupts', async () => {
    const { scope } = setup();
    const message: Message = { role: 'model', content: [request('lookup', 'a', 'xy'), request('guarded', 'g', 'q')] };
    const round = await runOpenRound(message, scope);
    expect(round.toolMessage).toBeUndefined();
    expect(round.interrupts?.map((p) => p.toolRequest.ref)).toEqual(['g']);
    const [done, waiting] = round.interruptedMessage?.content ?? [];
    expect(done).toMatchObject({ metadata: { pendingOutput: { value: 2 } } });
    expect(waiting).toMatchObject({ metadata: { interrupt: { reason: 'approval needed', id: 'q' } } });
  });

  it('reuses a recorded output without running the tool when a call is done', async () => {
    const { scope, calls } = setup();
    const done = stampPendingOutput(request('lookup', 'a', 'xy'), {
      toolResponse: { name: 'lookup', ref: 'a', output: { value: 99 } },
    });
    const round = await runOpenRound({ role: 'model', content: [done] }, scope);
    expect(calls).toEqual([]);
    expect(round.toolMessage?.content[0]).toMatchObject({ toolResponse: { output: { value: 99 } } });
    // The answered round is stored without its stamps.
    expect(round.message.content[0]).toEqual(request('lookup', 'a', 'xy'));
  });

  it('runs an approved call as resumed when a person restarted it', async () => {
    const { scope, calls, guarded } = setup();
    const asked = stampInterrupt(request('guarded', 'g', 'q'), { reason: 'approval needed', id: 'q' });
    const approved = stampApproved(asked, guarded.restart(asked, { by: 'alice' }));
    const round = await runOpenRound({ role: 'model', content: [approved] }, scope);
    expect(calls).toEqual([{ name: 'guarded', input: { id: 'q' }, resumed: { by: 'alice' }, ref: 'g' }]);
    expect(round.toolMessage?.content[0]).toMatchObject({ toolResponse: { output: { value: 1 } } });
  });

  it('leaves a waiting call waiting and runs nothing for it when no one has answered', async () => {
    const { scope, calls } = setup();
    const asked = stampInterrupt(request('guarded', 'g', 'q'), true);
    const round = await runOpenRound({ role: 'model', content: [asked] }, scope);
    expect(calls).toEqual([]);
    expect(round.interrupts).toEqual([asked]);
    expect(callStateOf(round.interrupts?.[0] ?? asked).kind).toBe('waiting');
  });

  it('journals each result, and streams it, before the round settles when hooks are given', async () => {
    const { scope } = setup();
    const journaled: ToolResultStep[] = [];
    const streamed: ToolResponsePart[] = [];
    const message: Message = { role: 'model', content: [request('lookup', 'a', 'xy')] };
    await runOpenRound(message, scope, {
      onToolResult: (step) => {
        journaled.push(step);
      },
      onResponse: (response) => streamed.push(response),
    });
    expect(journaled.map((s) => [s.request.toolRequest.ref, s.tool?.name])).toEqual([['a', 'lookup']]);
    expect(streamed.map((r) => r.toolResponse.ref)).toEqual(['a']);
  });

  it('waits for every call, then throws the failure, when the journal refuses a result', async () => {
    const { scope, calls } = setup();
    const message: Message = { role: 'model', content: [request('lookup', 'a', 'xy'), request('lookup', 'b', 'z')] };
    const failing = runOpenRound(message, scope, {
      onToolResult: (step) => {
        if (step.request.toolRequest.ref === 'a') throw new Error('store down');
      },
    });
    await expect(failing).rejects.toThrow('store down');
    expect(calls.map((c) => c.ref).sort()).toEqual(['a', 'b']);
  });

  it('throws the failure of the first call in request order when several calls fail', async () => {
    const { scope } = setup();
    const message: Message = {
      role: 'model',
      content: [request('lookup', 'a', 'xy'), request('lookup', 'b', 'z'), request('lookup', 'c', 'w')],
    };
    const failing = runOpenRound(message, scope, {
      // 'b' fails later than 'c': the round still reports 'b', the first in request order.
      onToolResult: async (step) => {
        const ref = step.request.toolRequest.ref;
        if (ref === 'b') await new Promise((resolve) => setTimeout(resolve, 5));
        if (ref !== 'a') throw new Error(`journal refused ${ref}`);
      },
    });
    await expect(failing).rejects.toThrow('journal refused b');
  });
});

describe('runOpenRound with admitWaiting', () => {
  const refused = new Error('not asked: too many wait');

  it('answers a refused call with its refusal as a tool error, in request order, and leaves the others waiting', async () => {
    const { scope } = setup();
    const seen: string[][] = [];
    const streamed: ToolResponsePart[] = [];
    const message: Message = {
      role: 'model',
      content: [request('guarded', 'g1', 'p'), request('lookup', 'a', 'xy'), request('guarded', 'g2', 'q')],
    };
    const round = await runOpenRound(message, scope, {
      onResponse: (response) => streamed.push(response),
      admitWaiting: async (asked) => {
        seen.push(asked.map((p) => p.toolRequest.ref as string));
        expect(asked.every((p) => callStateOf(p).kind === 'waiting')).toBe(true);
        return [undefined, refused];
      },
    });
    expect(seen).toEqual([['g1', 'g2']]);
    expect(round.interrupts?.map((p) => p.toolRequest.ref)).toEqual(['g1']);
    const refusal = round.interruptedMessage?.content[2];
    expect(refusal).toMatchObject({
      metadata: { pendingOutput: { error: 'not asked: too many wait' }, pendingError: { code: 'unknown' } },
    });
    expect(refusal?.metadata?.interrupt).toBeUndefined();
    expect(streamed.map((r) => r.toolResponse.ref)).toEqual(['a', 'g2']);
  });
});

describe('runOpenRound with admitWaiting, every call refused or none asking', () => {
  const refused = new Error('not asked: too many wait');

  it('goes on with the tool message when every call that asked is refused', async () => {
    const { scope } = setup();
    const message: Message = { role: 'model', content: [request('lookup', 'a', 'xy'), request('guarded', 'g', 'q')] };
    const round = await runOpenRound(message, scope, { admitWaiting: async () => [refused] });
    expect(round.interrupts).toBeUndefined();
    expect(round.toolMessage?.content.map((p) => (p as ToolResponsePart).toolResponse.output)).toEqual([
      { value: 2 },
      { error: 'not asked: too many wait' },
    ]);
    expect(round.message.content[1]).toEqual(request('guarded', 'g', 'q'));
  });

  it('is not asked for a round that leaves no call newly waiting (a call that already waited, or none asking)', async () => {
    const { scope } = setup();
    let asked = 0;
    const admitWaiting = async () => {
      asked++;
      return [refused];
    };
    const waiting = stampInterrupt(request('guarded', 'g', 'q'), { reason: 'approval needed', id: 'q' });
    const still = await runOpenRound({ role: 'model', content: [waiting, request('lookup', 'a', 'x')] }, scope, {
      admitWaiting,
    });
    expect(still.interrupts?.map((p) => p.toolRequest.ref)).toEqual(['g']);
    await runOpenRound({ role: 'model', content: [request('lookup', 'a', 'x')] }, scope, { admitWaiting });
    expect(asked).toBe(0);
  });

  it('fails the round when the decision fails (the store could not count)', async () => {
    const { scope } = setup();
    const message: Message = { role: 'model', content: [request('guarded', 'g', 'q')] };
    const failing = runOpenRound(message, scope, { admitWaiting: () => Promise.reject(new Error('unavailable')) });
    await expect(failing).rejects.toThrow('unavailable');
  });
});
