import { describe, expect, it } from 'vitest';
import { declinedReasonOf, interruptsOf } from './watched-interrupt.js';
import type { WatchedMessage, WatchedPart } from './watched-message.js';

const user: WatchedMessage = { role: 'user', content: [{ text: 'cancel A-1001' }] };
const asking = (metadata: Record<string, unknown>): WatchedMessage => ({
  role: 'model',
  content: [{ toolRequest: { name: 'cancelOrder', ref: 'r1', input: { orderId: 'A-1001' } }, metadata }],
});
const answered = (response: Omit<WatchedPart, 'toolResponse'> & { output: unknown }): WatchedMessage => {
  const { output, ...rest } = response;
  return { role: 'tool', content: [{ toolResponse: { name: 'cancelOrder', ref: 'r1', output }, ...rest }] };
};
const resolved = { resolvedInterrupt: { question: 'sure?' } };

describe('interruptsOf', () => {
  it('says who answered an interrupt, as the server stamped it, and nothing for one not answered', () => {
    const by = { uid: 'max', at: 5, appId: 'web' };
    const [approved] = interruptsOf(
      's1',
      [user, asking({ ...resolved, answer: 'restart', resumed: true, answeredBy: by })],
      'idle',
    );
    expect(approved).toMatchObject({ state: 'approved', answeredBy: by });
    const [waiting] = interruptsOf('s1', [user, asking({ interrupt: { question: 'sure?' } })], 'interrupted');
    expect(waiting).not.toHaveProperty('answeredBy');
  });

  it('says who besides the owner an interrupt is addressed to, as stamped, and nothing for an owner-only one', () => {
    const to = { uids: [], claim: 'manager' };
    const [addressed] = interruptsOf('s1', [user, asking({ interrupt: true, approvers: to })], 'interrupted');
    expect(addressed).toMatchObject({ state: 'waiting', approvers: to });
    const [ownerOnly] = interruptsOf('s1', [user, asking({ interrupt: true })], 'interrupted');
    expect(ownerOnly).not.toHaveProperty('approvers');
  });

  it('reads the input as its tool presented it, as stamped, and nothing for a tool that presented none', () => {
    const presented = { fields: [{ label: 'Order', value: 'A-1001', source: 'model' }] };
    const [shown] = interruptsOf('s1', [user, asking({ interrupt: true, presented })], 'interrupted');
    expect(shown).toMatchObject({ state: 'waiting', presented });
    const [plain] = interruptsOf('s1', [user, asking({ interrupt: true })], 'interrupted');
    expect(plain).not.toHaveProperty('presented');
  });

  it('reads a waiting interrupt with what it asked when its request carries the interrupt stamp', () => {
    expect(interruptsOf('s1', [user, asking({ interrupt: { question: 'sure?' } })], 'interrupted')).toEqual([
      {
        sessionId: 's1',
        ref: 'r1',
        name: 'cancelOrder',
        input: { orderId: 'A-1001' },
        metadata: { question: 'sure?' },
        state: 'waiting',
      },
    ]);
  });

  it('reads the digest the server stamped on a waiting interrupt, to send back with its answer', () => {
    const [waiting] = interruptsOf(
      's1',
      [user, asking({ interrupt: { question: 'sure?' }, inputDigest: 'd-1' })],
      'interrupted',
    );
    expect(waiting).toMatchObject({ state: 'waiting', inputDigest: 'd-1' });
    const [decided] = interruptsOf(
      's1',
      [asking({ resolvedInterrupt: true, answer: 'restart', inputDigest: 'd-1' })],
      'running',
    );
    expect(decided).not.toHaveProperty('inputDigest');
  });

  it('marks a waiting interrupt expired when the session is expired', () => {
    const [expired] = interruptsOf('s1', [user, asking({ interrupt: true })], 'expired');
    expect(expired?.state).toBe('expired');
  });

  it('reads each state when interrupts were approved, declined with a reason, or closed by a new message', () => {
    const approved = asking({ ...resolved, answer: 'restart', resumed: true });
    const declined = asking({ resolvedInterrupt: true, answer: 'decline', declined: { reason: 'changed my mind' } });
    const closed = asking({ resolvedInterrupt: true });
    const states = interruptsOf('s1', [approved, declined, closed], 'idle').map((i) => [i.state, i.reason]);
    expect(states).toEqual([
      ['approved', undefined],
      ['declined', 'changed my mind'],
      ['declined', undefined],
    ]);
  });

  it('marks an interrupt approved when its call was restarted, before and after its result was stored', () => {
    const running = asking({ ...resolved, resumed: true, pendingOutput: { cancelled: true } });
    expect(interruptsOf('s1', [user, running], 'running')[0]?.state).toBe('approved');
    const ran = [user, asking({ ...resolved, resumed: true }), answered({ output: { cancelled: true } })];
    expect(interruptsOf('s1', ran, 'idle')[0]?.state).toBe('approved');
  });

  it("keeps the person's reason when the stored answer says they declined", () => {
    const history = [user, asking(resolved), answered({ output: 'the user declined: I changed my mind' })];
    expect(interruptsOf('s1', history, 'idle')[0]).toMatchObject({ state: 'declined', reason: 'I changed my mind' });
  });

  it('marks an interrupt declined when it was answered with respond', () => {
    const output = { orderId: 'A-1001', cancelled: false, reason: 'changed my mind' };
    const history = [user, asking(resolved), answered({ output, metadata: { interruptResponse: true } })];
    expect(interruptsOf('s1', history, 'idle')[0]?.state).toBe('declined');
  });

  it('marks an interrupt expired when the cleanup answered it with a deadline-exceeded error', () => {
    const metadata = { toolError: { code: 'deadline-exceeded' } };
    const history = [user, asking(resolved), answered({ output: { error: 'the approval expired' }, metadata })];
    expect(interruptsOf('s1', history, 'idle')[0]?.state).toBe('expired');
    const approved = [user, asking({ ...resolved, resumed: true }), history[2] as WatchedMessage];
    expect(interruptsOf('s1', approved, 'idle')[0]?.state).toBe('approved');
  });

  it('marks an interrupt not run when a new message closed it because a deploy changed its tool', () => {
    const metadata = { toolError: { code: 'failed-precondition', reason: 'TOOL_CHANGED' } };
    const history = [
      user,
      asking(resolved),
      answered({ output: { error: 'the tool changed; it was not run' }, metadata }),
    ];
    expect(interruptsOf('s1', history, 'idle')[0]?.state).toBe('not-run');
    const movedOn = { toolError: { code: 'aborted' } };
    const other = [user, asking(resolved), answered({ output: { error: 'the user moved on' }, metadata: movedOn })];
    expect(interruptsOf('s1', other, 'idle')[0]?.state).toBe('declined');
  });

  it('skips tool requests no person was asked about', () => {
    expect(interruptsOf('s1', [asking({ pendingOutput: { found: true } })], 'running')).toEqual([]);
  });
});

describe('declinedReasonOf', () => {
  const response = (output: unknown, metadata?: Record<string, unknown>): WatchedPart => ({
    toolResponse: { name: 'cancelOrder', ref: 'r1', output },
    ...(metadata ? { metadata } : {}),
  });

  it('reads the decline record first, on the response or the request', () => {
    expect(declinedReasonOf({}, response('x', { declined: { reason: 'too late' } }))).toBe('too late');
    expect(declinedReasonOf({ metadata: { declined: { reason: 'no' } } }, undefined)).toBe('no');
  });

  it("takes the standard words off an output's text or its reason, message or error field", () => {
    expect(declinedReasonOf({}, response('the user declined: not now'))).toBe('not now');
    expect(declinedReasonOf({}, response('the user declined'))).toBeUndefined();
    expect(declinedReasonOf({}, response({ message: 'the user declined: later' }))).toBe('later');
    expect(declinedReasonOf({}, response({ reason: 'changed my mind' }))).toBe('changed my mind');
    expect(declinedReasonOf({}, response({ cancelled: false }))).toBeUndefined();
  });
});
