import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  answeredByOf,
  answerOf,
  approverAddressOf,
  askedOf,
  CallStateSchema,
  callStateOf,
  declineReasonOf,
  inputDigestOf,
  isApproved,
  isRecorded,
  isWaiting,
  presentedOf,
  toolErrorOf,
  toolVersionOf,
} from './call-state.js';

// Stamps as stored sessions hold them (the kit's call-stamps.ts writes them).
const asked = { question: 'send?' };
const stamped = {
  running: {},
  waiting: { interrupt: asked },
  approved: { resolvedInterrupt: asked, resumed: { by: 'ann' }, answer: 'restart' },
  answered: { resolvedInterrupt: asked, pendingOutput: { ok: true }, answer: 'respond' },
  declined: {
    resolvedInterrupt: asked,
    pendingOutput: { declined: true },
    answer: 'decline',
    declined: { reason: 'no' },
  },
  done: { pendingOutput: 7, pendingContent: [{ text: 'seven' }] },
  failed: { pendingOutput: { error: 'no such order' }, pendingError: { code: 'not-found' } },
};

describe('callStateOf', () => {
  it('reads every kind a stored call can be in, each a member of the schema, when the stamps say so', () => {
    for (const [kind, metadata] of Object.entries(stamped)) {
      const state = callStateOf({ metadata });
      expect(state.kind).toBe(kind);
      expect(z.parse(CallStateSchema, state)).toEqual(state);
    }
    expect(callStateOf({ metadata: stamped.approved })).toEqual({
      kind: 'approved',
      asked,
      resumed: { by: 'ann' },
    });
    expect(callStateOf({ metadata: stamped.done })).toEqual({ kind: 'done', output: 7, content: [{ text: 'seven' }] });
    expect(callStateOf({})).toEqual({ kind: 'running' });
  });

  it('says a call with no record is running while its turn runs', () => {
    expect(callStateOf({}, 'running')).toEqual({ kind: 'running' });
    expect(callStateOf({ metadata: { note: 'x' } }, 'running')).toEqual({ kind: 'running' });
  });

  it('says a call with no record was skipped when its turn stopped at its limit and left the session idle', () => {
    expect(callStateOf({}, 'idle')).toEqual({ kind: 'skipped' });
  });

  it('says a call with no record is of unknown outcome when its turn ended without its result', () => {
    for (const turn of ['failed', 'interrupted', 'expired'] as const) {
      expect(callStateOf({}, turn)).toEqual({ kind: 'unknown' });
      expect(z.parse(CallStateSchema, callStateOf({}, turn))).toEqual({ kind: 'unknown' });
    }
  });

  it('reads a recorded or waiting call the same whatever its turn does', () => {
    for (const turn of ['idle', 'failed', 'running'] as const) {
      expect(callStateOf({ metadata: stamped.done }, turn).kind).toBe('done');
      expect(callStateOf({ metadata: stamped.waiting }, turn).kind).toBe('waiting');
    }
  });

  it('says an approved call with no result is of unknown outcome, approved, once its turn ended', () => {
    expect(callStateOf({ metadata: stamped.approved }, 'running').kind).toBe('approved');
    for (const turn of ['failed', 'interrupted'] as const) {
      const state = callStateOf({ metadata: stamped.approved }, turn);
      expect(state).toEqual({ kind: 'unknown', approved: true });
      expect(z.parse(CallStateSchema, state)).toEqual(state);
    }
  });

  it('says an approved call that ran is done and was approved when its result is recorded', () => {
    const ran = { metadata: { ...stamped.approved, pendingOutput: { sent: true } } };
    expect(callStateOf(ran)).toEqual({ kind: 'done', approved: true, output: { sent: true } });
    expect(answerOf(ran)).toBe('restart');
  });

  it('says an approved call that ran and failed is failed, approved, with its error', () => {
    const failed = { metadata: { ...stamped.approved, ...stamped.failed } };
    expect(callStateOf(failed)).toEqual({
      kind: 'failed',
      approved: true,
      error: { code: 'not-found' },
      output: { error: 'no such order' },
    });
    expect(answerOf(failed)).toBe('restart');
  });

  it('reads a decline stored without a reason as declined true', () => {
    const { declined: _reason, ...metadata } = stamped.declined;
    expect(callStateOf({ metadata })).toMatchObject({ kind: 'declined', declined: true });
  });
});

describe('answerOf', () => {
  it('names the answer a person gave, and none for a call nobody answered', () => {
    const answers = Object.values(stamped).map((metadata) => answerOf({ metadata }));
    expect(answers).toEqual([undefined, undefined, 'restart', 'respond', 'decline', undefined, undefined]);
  });

  it('still names the answer when the round closed and only the answer stamps stayed', () => {
    expect(answerOf({ metadata: { resolvedInterrupt: asked, answer: 'decline', declined: true } })).toBe('decline');
    expect(answerOf({ metadata: { resolvedInterrupt: asked } })).toBeUndefined();
  });
});

describe('declineReasonOf', () => {
  it('gives the words of a decline, and nothing for a decline without words or another answer', () => {
    expect(declineReasonOf({ metadata: stamped.declined })).toBe('no');
    expect(declineReasonOf({ metadata: { ...stamped.declined, declined: true } })).toBeUndefined();
    expect(declineReasonOf({ metadata: stamped.answered })).toBeUndefined();
  });
});

describe('isRecorded', () => {
  it('is true for the kinds whose response is recorded', () => {
    const recorded = Object.entries(stamped).filter(([, metadata]) => isRecorded(callStateOf({ metadata })));
    expect(recorded.map(([kind]) => kind)).toEqual(['answered', 'declined', 'done', 'failed']);
  });
});

describe('askedOf', () => {
  it('gives what the call asked while it waits and after it was answered, and true when it asked with no metadata', () => {
    expect(askedOf({ metadata: stamped.waiting })).toEqual(asked);
    expect(askedOf({ metadata: stamped.answered })).toEqual(asked);
    expect(askedOf({ metadata: { interrupt: true } })).toBe(true);
    expect(askedOf({ metadata: stamped.done })).toBeUndefined();
  });
});

describe('isWaiting', () => {
  it('is true only while the call waits for a person', () => {
    expect(isWaiting({ metadata: stamped.waiting })).toBe(true);
    expect(isWaiting({ metadata: stamped.answered })).toBe(false);
    expect(isWaiting({})).toBe(false);
  });
});

describe('inputDigestOf', () => {
  it('reads the digest a waiting call was stamped with, and none once it was answered', () => {
    expect(inputDigestOf({ metadata: { interrupt: asked, inputDigest: 'abc' } })).toBe('abc');
    expect(inputDigestOf({ metadata: { ...stamped.approved, inputDigest: 'abc' } })).toBeUndefined();
    expect(inputDigestOf({ metadata: stamped.waiting })).toBeUndefined();
    expect(inputDigestOf({ metadata: { interrupt: asked, inputDigest: 7 } })).toBeUndefined();
  });
});

describe('toolVersionOf', () => {
  it('reads the version a call was asked under, and 1 for a call stamped before tools had versions', () => {
    expect(toolVersionOf({ metadata: { interrupt: asked, toolVersion: 3 } })).toBe(3);
    expect(toolVersionOf({ metadata: { resolvedInterrupt: asked, answer: 'restart', toolVersion: 2 } })).toBe(2);
    expect(toolVersionOf({ metadata: stamped.waiting })).toBe(1);
    expect(toolVersionOf({})).toBe(1);
    for (const odd of [0, -1, 1.5, '2', null]) expect(toolVersionOf({ metadata: { toolVersion: odd } })).toBe(1);
  });
});

describe('isApproved', () => {
  it('is true for a call a person approved, before and after it ran, and false otherwise', () => {
    expect(isApproved({ metadata: stamped.approved })).toBe(true);
    expect(isApproved({ metadata: { resolvedInterrupt: asked, answer: 'restart' } })).toBe(true);
    expect(isApproved({ metadata: stamped.waiting })).toBe(false);
    expect(isApproved({ metadata: stamped.declined })).toBe(false);
    expect(isApproved({})).toBe(false);
  });
});

describe('toolErrorOf', () => {
  it('reads the error the kit recorded on a tool response, and none on a response without one', () => {
    expect(toolErrorOf({ metadata: { toolError: { code: 'aborted' } } })).toEqual({ code: 'aborted' });
    expect(toolErrorOf({ metadata: { toolError: { code: 'invalid-argument', fields: ['x'] } } })).toEqual({
      code: 'invalid-argument',
      fields: ['x'],
    });
    expect(toolErrorOf({ metadata: { toolError: { code: 'failed-precondition', reason: 'TOOL_CHANGED' } } })).toEqual({
      code: 'failed-precondition',
      reason: 'TOOL_CHANGED',
    });
    expect(toolErrorOf({ metadata: { toolError: { code: 'aborted', reason: 7 } } })).toEqual({ code: 'aborted' });
    expect(toolErrorOf({ metadata: { toolError: 'odd' } })).toBeUndefined();
    expect(toolErrorOf({ metadata: { interruptResponse: true } })).toBeUndefined();
    expect(toolErrorOf({})).toBeUndefined();
  });
});

describe('answeredByOf and approverAddressOf', () => {
  it('read who answered a call and who it is addressed to, and nothing from a call without them', () => {
    const answered = { metadata: { answer: 'restart', answeredBy: { uid: 'bob', at: 5, appId: 'web' } } };
    expect(answeredByOf(answered)).toEqual({ uid: 'bob', at: 5, appId: 'web' });
    expect(answeredByOf({ metadata: { answeredBy: { uid: 7 } } })).toBeUndefined();
    expect(answeredByOf({})).toBeUndefined();
    const addressed = { metadata: { interrupt: true, approvers: { uids: [], claim: 'manager' } } };
    expect(approverAddressOf(addressed)).toEqual({ uids: [], claim: 'manager' });
    expect(approverAddressOf({ metadata: { interrupt: true } })).toBeUndefined();
  });
});

describe('presentedOf', () => {
  it('reads the presentation stamped with the interrupt, and nothing from a call stamped before presentations', () => {
    const presented = { fields: [{ label: 'To', value: 'Bob', source: 'model' }] };
    expect(presentedOf({ metadata: { interrupt: true, presented } })).toEqual(presented);
    expect(presentedOf({ metadata: { interrupt: true } })).toBeUndefined();
    expect(presentedOf({ metadata: { interrupt: true, presented: { fields: 'x' } } })).toBeUndefined();
  });
});
