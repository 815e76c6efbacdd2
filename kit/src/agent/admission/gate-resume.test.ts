import type { Resume } from '@callable-flows/protocol';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { stampAnsweredBy, stampApproved, stampInterrupt } from '../../call-state/index.js';
import type { Message, ToolRequestPart } from '../../model/index.js';
import { scriptedModel } from '../../models/scripted/index.js';
import { InMemorySessionStore } from '../../session/memory-session-store.js';
import { sampleSession } from '../../session/test-utils/session-store-conformance.js';
import { type ApproverCheck, approversWithClaim, defineTool } from '../../tools/index.js';
import { resolveAgent } from '../runtime/index.js';
import { gateResume } from './gate-resume.js';

const now = 1_700_000_000_000;
const seen: Parameters<ApproverCheck>[0][] = [];
const tool = (name: string, approvers?: Parameters<typeof defineTool>[0]['approvers']) =>
  defineTool({ name, description: name, inputSchema: z.object({ cents: z.number() }), approvers }, () => ({}));
const rt = resolveAgent({
  name: 'shop',
  model: scriptedModel([]),
  store: new InMemorySessionStore(),
  tools: [
    tool('note'),
    tool('refund', approversWithClaim('manager')),
    tool('audited', (args) => {
      seen.push(args);
      return args.auth.uid === 'max';
    }),
  ],
});
const asked = (name: string, ref: string): ToolRequestPart =>
  stampInterrupt({ toolRequest: { name, ref, input: { cents: 5 } } }, { title: `${name}?` });
const history = (...parts: ToolRequestPart[]): Message[] => [
  { role: 'user', content: [{ text: 'go' }] },
  { role: 'model', content: parts },
];
const session = (...parts: ToolRequestPart[]) => ({
  ...sampleSession('s1', history(...parts), now),
  status: 'interrupted' as const,
  state: { tier: 'gold' },
});
const waiting = session(asked('note', 'n'), asked('refund', 'r'), asked('audited', 'a'));
const resume = (ref: string, name: string): Resume => ({ restart: [{ ref, name }] });
const answer = async (uid: string, r: Resume, token: Record<string, unknown> = {}, approvers = true) =>
  (
    await gateResume(rt, waiting, {
      kind: 'resume',
      resume: r,
      uid,
      requestId: undefined,
      now,
      answerer: { token, approvers },
    })
  ).standing;

describe('gateResume', () => {
  it("admits the owner for an 'owner' tool, and no one else", async () => {
    await expect(answer('alice', resume('n', 'note'))).resolves.toBe('owner');
    await expect(answer('max', resume('n', 'note'), { manager: true })).rejects.toMatchObject({
      code: 'permission-denied',
      reason: 'NOT_ALLOWED',
    });
  });
  it('admits whom the check admits, the owner included, and refuses the rest', async () => {
    await expect(answer('max', resume('r', 'refund'), { manager: true })).resolves.toBe('approver');
    await expect(answer('alice', resume('r', 'refund'))).rejects.toMatchObject({ reason: 'NOT_ALLOWED' });
    await expect(answer('alice', resume('r', 'refund'), { manager: true })).resolves.toBe('owner');
  });
  it('refuses an approver every reply of whose resume is not theirs to give, the same way whether the call exists or not', async () => {
    const both: Resume = { restart: [{ ref: 'r', name: 'refund' }], decline: [{ ref: 'n', name: 'note' }] };
    const refusals = await Promise.all(
      [both, resume('zzz', 'refund'), resume('r', 'note')].map((r) =>
        answer('max', r, { manager: true }).catch((error: unknown) => error),
      ),
    );
    for (const refusal of refusals)
      expect(refusal).toMatchObject({ reason: 'NOT_ALLOWED', details: { reason: 'NOT_ALLOWED' } });
  });
  it('leaves the owner’s reply to a call that does not wait to admission’s own words', async () => {
    await expect(answer('alice', resume('zzz', 'note'))).resolves.toBe('owner');
  });
  it('keeps a resume through send its owner’s: a non-owner is refused NOT_OWNER, whatever their claims', async () => {
    await expect(answer('max', resume('r', 'refund'), { manager: true }, false)).rejects.toMatchObject({
      code: 'permission-denied',
      reason: 'NOT_OWNER',
    });
  });
  it('tells a check the session without its conversation and the call with what its interrupt asked', async () => {
    seen.length = 0;
    await expect(answer('max', resume('a', 'audited'))).resolves.toBe('approver');
    expect(seen[0]).toEqual({
      auth: { uid: 'max', token: {} },
      session: { id: 's1', ownerUid: 'alice', agent: 'shop', state: { tier: 'gold' } },
      call: { name: 'audited', ref: 'a', input: { cents: 5 }, metadata: { title: 'audited?' } },
    });
  });
  it('admits an approver’s retry of the answer they gave, and no one else’s answer of it', async () => {
    const part = asked('refund', 'r');
    const approved = stampAnsweredBy(stampApproved(part, { ...part, metadata: { resumed: true } }), {
      uid: 'max',
      at: now,
    });
    const answered = session(approved);
    const ask = async (uid: string) =>
      (
        await gateResume(rt, answered, {
          kind: 'resume',
          resume: resume('r', 'refund'),
          uid,
          requestId: 'q1',
          now,
          answerer: { token: { manager: true }, approvers: true },
        })
      ).standing;
    await expect(ask('max')).resolves.toBe('approver');
    await expect(ask('mia')).rejects.toMatchObject({ reason: 'NOT_ALLOWED' });
  });
});
