import { describe, expect, it } from 'vitest';
import { defineAgent } from '../agent/define-agent.js';
import { echoModel } from '../agent/test-utils/agent-fixtures.js';
import type { Message } from '../model/index.js';
import { InMemorySessionStore } from './memory-session-store.js';
import { journalOf } from './session-branches.js';
import { HEAP_BYTES_PER_JSON_CHAR, sessionBytes } from './session-bytes.js';
import type { Session } from './session-schema.js';

// What a session costs beyond its messages stays flat however long it gets: a snapshot per turn,
// but only the newest 200 kept, forked or not.

const owner = { uid: 'u' };

/** The bytes of `session` that are not its messages (snapshots, branches, records). */
const overheadOf = (session: Session): number => {
  const messages: Message[] = journalOf(session);
  const bare: Session = { ...session, history: messages };
  delete bare.branches;
  delete bare.snapshots;
  return sessionBytes(session) - sessionBytes({ ...bare, history: messages });
};

/** Drives `turns` turns; with `forkEvery`, every that many turns goes on from the snapshot 2 back. */
async function driven(turns: number, forkEvery?: number): Promise<Map<number, Session>> {
  const store = new InMemorySessionStore();
  const agent = defineAgent({ name: 'chat', model: echoModel(), store });
  const seen = new Map<number, Session>();
  let sessionId: string | undefined;
  for (let turn = 1; turn <= turns; turn++) {
    const snapshots = sessionId ? (await store.load(sessionId))?.session.snapshots : undefined;
    const back = forkEvery && turn % forkEvery === 0 ? snapshots?.at(-2)?.id : undefined;
    const input = back ? { message: `turn ${turn}`, snapshotId: back } : { message: `turn ${turn}` };
    sessionId = (await agent.send(sessionId, input, owner)).sessionId;
    seen.set(turn, (await store.load(sessionId))?.session as Session);
  }
  return seen;
}

describe('bytes per turn', () => {
  for (const forkEvery of [undefined, 10]) {
    it(`keeps what a session holds beyond its messages flat past 200 turns (${forkEvery ? 'a fork every 10 turns' : 'no forks'})`, async () => {
      const seen = await driven(400, forkEvery);
      const at = (turn: number) => seen.get(turn) as Session;
      expect(at(400).snapshots).toHaveLength(200);
      // Past the cap, a turn adds a snapshot and drops one: only the branch list may still grow
      // (and the numbers in the snapshots get a digit longer).
      const branchBytes = (s: Session) => JSON.stringify(s.branches?.list ?? []).length * HEAP_BYTES_PER_JSON_CHAR;
      const grown = overheadOf(at(400)) - branchBytes(at(400)) - (overheadOf(at(200)) - branchBytes(at(200)));
      expect(Math.abs(grown)).toBeLessThan(overheadOf(at(200)) / 20);
    });
  }
});
