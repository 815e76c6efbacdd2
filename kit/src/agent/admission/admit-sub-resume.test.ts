import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { inputDigest, stampInterrupt } from '../../call-state/index.js';
import { scriptedModel } from '../../models/scripted/index.js';
import { InMemorySessionStore } from '../../session/memory-session-store.js';
import { sampleSession } from '../../session/test-utils/session-store-conformance.js';
import { approversWithClaim, defineTool } from '../../tools/index.js';
import { resolveAgent } from '../runtime/index.js';
import { admitSubResume } from './admit-sub-resume.js';

const now = 1_700_000_000_000;
const store = new InMemorySessionStore();
const refund = defineTool(
  {
    name: 'refund',
    description: 'refunds',
    inputSchema: z.object({ cents: z.number() }),
    approvers: approversWithClaim('manager'),
  },
  () => ({}),
);
const rt = resolveAgent({ name: 'refunds', model: scriptedModel([]), store, tools: [refund], clock: () => now });
const asked = stampInterrupt({ toolRequest: { name: 'refund', ref: 'r1', input: { cents: 5 } } }, { title: 'refund?' });
const owner = { uid: 'user-sub', token: {} };
const manager = { uid: 'max', token: { manager: true } };

async function subSession(): Promise<number> {
  const session = {
    ...sampleSession('sub', [
      { role: 'user' as const, content: [{ text: 'refund' }] },
      { role: 'model' as const, content: [asked] },
    ]),
    status: 'interrupted' as const,
    ownerUid: 'user-sub',
    agent: 'refunds',
    parent: { sessionId: 'p1', ref: 't1', agent: 'shop' },
  };
  const created = await store.create(session);
  return created.session.version;
}

describe('admitSubResume', () => {
  it("admits a manager the sub tool's approvers admit, and refuses (false) someone they don't, writing nothing", async () => {
    const version = await subSession();
    const approve = { restart: [{ ref: 'r1', name: 'refund', inputDigest: inputDigest({ cents: 5 }) }] };
    await expect(admitSubResume(rt, 'sub', approve, manager)).resolves.toBe(true);
    await expect(admitSubResume(rt, 'sub', approve, { uid: 'eve', token: {} })).resolves.toBe(false);
    await expect(admitSubResume(rt, 'sub', approve, owner)).resolves.toBe(false);
    expect((await store.load('sub'))?.session.version).toBe(version);
  });

  it('refuses a stale answer (APPROVAL_STALE) and an unknown ref (UNKNOWN_REF), by the sub-session’s own refs', async () => {
    const stale = { restart: [{ ref: 'r1', name: 'refund', inputDigest: inputDigest({ cents: 6 }) }] };
    await expect(admitSubResume(rt, 'sub', stale, manager)).rejects.toMatchObject({
      reason: 'APPROVAL_STALE',
      details: { ref: 'r1' },
    });
    const unknown = { restart: [{ ref: 'r9', name: 'refund' }] };
    await expect(admitSubResume(rt, 'sub', unknown, owner)).rejects.toMatchObject({ reason: 'UNKNOWN_REF' });
  });

  it('refuses NOTHING_TO_RESUME when the sub-session is gone', async () => {
    await expect(admitSubResume(rt, 'gone', { restart: [{ ref: 'r1', name: 'refund' }] }, owner)).rejects.toMatchObject(
      {
        reason: 'NOTHING_TO_RESUME',
      },
    );
  });
});
