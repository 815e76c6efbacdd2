import { CallStateSchema, callStateOf } from '@callable-flows/protocol/call-state';
import { describe, expect, it } from 'vitest';
import type { ToolRequestPart } from '../model/index.js';
import {
  asWaiting,
  clearStamps,
  recordedResponse,
  stampAnswer,
  stampAnsweredBy,
  stampApproved,
  stampInterrupt,
  stampPendingOutput,
  stampResolved,
} from './call-stamps.js';
import { inputDigest } from './input-digest.js';

const request: ToolRequestPart = { toolRequest: { name: 'lookup', ref: 'l', input: { id: 'x' } }, metadata: { n: 1 } };
const asked = stampInterrupt(request, { question: 'ok?' });

describe('stampInterrupt', () => {
  it('writes the interrupt under metadata.interrupt, keeping other metadata, when a call asks a person', () => {
    expect(asked.metadata).toEqual({
      n: 1,
      interrupt: { question: 'ok?' },
      inputDigest: inputDigest(asked.toolRequest.input),
    });
  });

  it('stamps the digest of the input it asks about, and drops it once the call is answered', () => {
    const other = stampInterrupt({ toolRequest: { name: 'x', ref: 'x', input: { id: 2 } } }, true);
    expect(other.metadata?.inputDigest).toBe(inputDigest({ id: 2 }));
    expect(other.metadata?.inputDigest).not.toBe(asked.metadata?.inputDigest);
    expect(stampResolved(other).metadata).not.toHaveProperty('inputDigest');
  });
});

describe('stampInterrupt on a call that asks again', () => {
  it('keeps nothing of its last answer: the new wait reads waiting, not approved or answered', () => {
    const approved = stampApproved(asked, { toolRequest: asked.toolRequest, metadata: { resumed: { ok: true } } });
    const again = stampInterrupt(approved, { question: 'and now?' });
    expect(again.metadata).toEqual({
      n: 1,
      interrupt: { question: 'and now?' },
      inputDigest: inputDigest(asked.toolRequest.input),
    });
    const responded = stampAnswer(asked, { toolResponse: { name: 'lookup', ref: 'l', output: 1 } });
    const respondedAgain = stampInterrupt(
      stampPendingOutput(responded, { toolResponse: { name: 'lookup', ref: 'l', output: 1 } }),
      true,
    );
    expect(respondedAgain.metadata).not.toHaveProperty('answer');
    expect(respondedAgain.metadata).not.toHaveProperty('resolvedInterrupt');
    expect(callStateOf(again).kind).toBe('waiting');
  });
});

describe('stampInterrupt and the tool version', () => {
  it('records a version other than 1, keeps it once the call is answered, and re-stamps it when the call asks again', () => {
    expect(asked.metadata).not.toHaveProperty('toolVersion');
    const v2 = stampInterrupt(request, { question: 'ok?' }, { toolVersion: 2 });
    expect(v2.metadata?.toolVersion).toBe(2);
    const approved = stampApproved(v2, { toolRequest: v2.toolRequest, metadata: { resumed: true } });
    expect(approved.metadata?.toolVersion).toBe(2);
    expect(asWaiting(approved).metadata?.toolVersion).toBe(2);
    expect(stampAnswer(v2, { toolResponse: { name: 'lookup', ref: 'l', output: 1 } }).metadata?.toolVersion).toBe(2);
    expect(stampInterrupt(approved, true, { toolVersion: 3 }).metadata?.toolVersion).toBe(3);
    expect(stampInterrupt(approved, true).metadata).not.toHaveProperty('toolVersion');
  });
});

describe('stampPendingOutput', () => {
  it('writes pendingOutput and pendingContent and drops the interrupt when a call has its result', () => {
    const done = stampPendingOutput(asked, {
      toolResponse: { name: 'lookup', ref: 'l', output: 3, content: [{ text: 'three' }] },
    });
    expect(done.metadata).toEqual({ n: 1, pendingOutput: 3, pendingContent: [{ text: 'three' }] });
  });
});

describe('recordedResponse', () => {
  it('gives the response a person answered with, marked as theirs, when the call was answered', () => {
    const answered = stampAnswer(asked, { toolResponse: { name: 'lookup', ref: 'l', output: 'yes' } });
    expect(recordedResponse(answered)).toEqual({
      toolResponse: { name: 'lookup', ref: 'l', output: 'yes' },
      metadata: { interruptResponse: true },
    });
  });

  it('gives the error response back, with its toolError, when the call failed while others waited', () => {
    const error = { toolResponse: { name: 'lookup', ref: 'l', output: { error: 'gone' } } };
    const failed = stampPendingOutput(request, { ...error, metadata: { toolError: { code: 'not-found' } } });
    expect(failed.metadata).toMatchObject({ pendingOutput: { error: 'gone' }, pendingError: { code: 'not-found' } });
    expect(recordedResponse(failed)).toEqual({ ...error, metadata: { toolError: { code: 'not-found' } } });
    expect(clearStamps(failed)).toEqual(request);
  });

  it('gives nothing when the call has no recorded result', () => {
    expect(recordedResponse(asked)).toBeUndefined();
  });
});

describe('stampResolved', () => {
  it('keeps what the call asked under resolvedInterrupt when its round is closed unanswered', () => {
    expect(stampResolved(asked).metadata).toEqual({ n: 1, resolvedInterrupt: { question: 'ok?' } });
  });
});

describe('clearStamps', () => {
  it('drops every pending stamp and keeps the rest when a round is settled', () => {
    expect(clearStamps(asked)).toEqual(request);
  });

  it('gives back the part itself when it carries no stamp, and drops metadata left empty', () => {
    expect(clearStamps(request)).toBe(request);
    const bare = { toolRequest: request.toolRequest };
    expect(clearStamps(bare)).toBe(bare);
    expect(clearStamps({ toolRequest: request.toolRequest, metadata: {} })).toEqual(bare);
    expect(clearStamps(stampInterrupt(bare, true))).toEqual(bare);
  });
});

describe('asWaiting', () => {
  it('gives back the call as it waited when it was approved with a replaced input', () => {
    const approved = stampApproved(asked, {
      toolRequest: { ...request.toolRequest, input: { id: 'y' } },
      metadata: { replacedInput: { id: 'x' }, resumed: true },
    });
    const before = asWaiting(approved);
    expect(callStateOf(before).kind).toBe('waiting');
    expect(before.toolRequest.input).toEqual({ id: 'x' });
    expect(before.metadata?.interrupt).toEqual({ question: 'ok?' });
  });
});

describe('the stamp writers', () => {
  it('write each kind the protocol’s callStateOf reads, each a member of its schema, when a call moves on', () => {
    const response = (output: unknown, metadata?: Record<string, unknown>) => ({
      toolResponse: { name: 'lookup', ref: 'l', output },
      ...(metadata ? { metadata } : {}),
    });
    const states = {
      running: request,
      waiting: asked,
      approved: stampApproved(asked, { toolRequest: request.toolRequest, metadata: { resumed: { by: 'ann' } } }),
      answered: stampAnswer(asked, response({ ok: true }, { interruptResponse: true })),
      declined: stampAnswer(
        asked,
        response({ declined: true }, { interruptResponse: true, declined: { reason: 'no' } }),
      ),
      done: stampPendingOutput(request, response(7)),
      failed: stampPendingOutput(request, response({ error: 'gone' }, { toolError: { code: 'not-found' } })),
    };
    for (const [kind, part] of Object.entries(states)) {
      const state = callStateOf(part);
      expect(state.kind).toBe(kind);
      expect(CallStateSchema.parse(state)).toEqual(state);
    }
  });
});

describe('answeredBy and approvers stamps', () => {
  const part = { toolRequest: { name: 'refund', ref: 'r', input: { cents: 5 } } };
  it('stamps the inbox address with the interrupt, and who answered with the answer; a new wait drops the last answer', () => {
    const asked = stampInterrupt(part, { title: 'Refund?' }, { approvers: { uids: [], claim: 'manager' } });
    expect(asked.metadata?.approvers).toEqual({ uids: [], claim: 'manager' });
    const approved = stampAnsweredBy(stampApproved(asked, { ...part, metadata: { resumed: true } }), {
      uid: 'max',
      at: 3,
    });
    expect(approved.metadata).toMatchObject({
      answer: 'restart',
      answeredBy: { uid: 'max', at: 3 },
      approvers: { claim: 'manager' },
    });
    // The call as it waited (what a retried answer is compared with) carries no answer of its own.
    expect(asWaiting(approved).metadata?.answeredBy).toBeUndefined();
    // Closing its round keeps who answered: the owner's view shows it.
    expect(clearStamps(approved).metadata?.answeredBy).toEqual({ uid: 'max', at: 3 });
    const again = stampInterrupt(approved, true);
    expect(again.metadata?.answeredBy).toBeUndefined();
    expect(again.metadata?.approvers).toBeUndefined();
  });
});

describe('stampInterrupt and what the tool keeps', () => {
  it('keeps the tool’s state with the waiting and the approved call, and drops it once the call has its answer', () => {
    const kept = { mcpQuestion: { requestState: 'opaque+/=' } };
    const waiting = stampInterrupt(request, { title: 'asks' }, {}, kept);
    expect(waiting.metadata?.keptState).toEqual(kept);
    expect(waiting.metadata?.interrupt).toEqual({ title: 'asks' });
    const approved = stampApproved(waiting, { toolRequest: waiting.toolRequest, metadata: { resumed: { a: 1 } } });
    expect(approved.metadata?.keptState).toEqual(kept);
    const answered = stampPendingOutput(approved, { toolResponse: { name: 'lookup', ref: 'l', output: 'ok' } });
    expect(answered.metadata?.keptState).toBeUndefined();
    expect(stampInterrupt(approved, true).metadata?.keptState).toBeUndefined();
  });
});
