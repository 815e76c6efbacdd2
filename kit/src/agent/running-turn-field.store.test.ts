import { type RunningTurn, SessionDocSchema, type TurnField, turnOf } from '@callable-flows/protocol';
import type { Firestore } from '@google-cloud/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import { FirestoreSessionStore } from '../session/firestore/firestore-session-store.js';
import type { Session } from '../session/session-schema.js';
import type { SessionRecord, SessionWriteOptions } from '../session/session-store.js';
import { demoProjectId, emulatorFirestore } from '../session/test-utils/emulator-firestore.js';
import { firestoreEmulatorHost } from '../test-utils/firestore.js';
import { defineAgent } from './define-agent.js';
import { chargeTool, effects, toolThenAnswer } from './test-utils/agent-fixtures.js';

// Item 1 of "turns the server owns": the session document shows the running turn, step by step,
// on the journal's own writes. Each stored document is read back after each write (and while
// the tool runs), as a watcher would get it, and decoded with the protocol's codec.

const host = firestoreEmulatorHost();
const firestores: Firestore[] = [];
afterAll(async () => Promise.all(firestores.map((f) => f.terminate())));

/** What a watcher reads off one stored version. */
interface Seen {
  status: string;
  running: (RunningTurn & Pick<TurnField, 'kind' | 'requestId'>) | null;
  last: string;
}

describe.skipIf(!host)('runningTurnField (stored)', () => {
  it('shows each journaled step of a turn with a tool, then no running turn, when the journal writes them', async () => {
    const firestore = emulatorFirestore(host as string, demoProjectId('running'));
    firestores.push(firestore);
    const store = new FirestoreSessionStore({ firestore, prefix: 'run_' });
    const seen: Seen[] = [];
    let sessionId = '';
    const look = async () => {
      const data = (await firestore.doc(`run_sessions/${sessionId}`).get()).data();
      const doc = SessionDocSchema.parse(data);
      const lines = Object.keys(doc.history.lines).sort();
      const last = JSON.parse(doc.history.lines[lines.at(-1) as string] as string) as Session['history'][number];
      const turn = turnOf(doc.turn);
      seen.push({
        status: doc.status,
        running: doc.running && turn ? { ...doc.running, kind: turn.kind, requestId: turn.requestId } : null,
        // The message's metadata keys but its time, then each part's keys and its metadata's: the
        // calls' id is there from the start, the result's stamp once journaled.
        last:
          last.role +
          Object.keys(last.metadata ?? {})
            .filter((k) => k !== 'at')
            .map((k) => `[${k}]`)
            .join('') +
          last.content
            .map((p) => [...Object.keys(p).filter((k) => k !== 'metadata'), ...Object.keys(p.metadata ?? {})].join('+'))
            .join(','),
      });
    };
    const create = store.create.bind(store);
    store.create = async (session: Session) => {
      sessionId = session.id;
      const made = await create(session);
      await look();
      return made;
    };
    const write = store.write.bind(store);
    store.write = async (expected: SessionRecord, next: Session, options?: SessionWriteOptions) => {
      const written = await write(expected, next, options);
      await look();
      return written;
    };
    const record = effects();
    record.afterEffect = look;
    const agent = defineAgent({
      name: 'shop',
      model: toolThenAnswer('charge', { orderId: 'A', cents: 5 }),
      tools: [chargeTool(record)],
      store,
      cache: false,
    });
    await agent.send(undefined, { message: 'charge A' }, { uid: 'u', requestId: 'req-1' });
    const ref = record.refs[0] as string;
    const running = { kind: 'message', requestId: 'req-1' };
    expect(seen).toEqual([
      { status: 'running', running: { ...running, step: 'model', refs: [] }, last: 'usertext' },
      {
        status: 'running',
        running: { ...running, step: 'tools', refs: [ref] },
        last: 'model[callIdPrefix]toolRequest',
      },
      // While the charge runs: the same stored version (a watcher sees no write of its own).
      {
        status: 'running',
        running: { ...running, step: 'tools', refs: [ref] },
        last: 'model[callIdPrefix]toolRequest',
      },
      // Its result is stamped on its request; the model is called next.
      {
        status: 'running',
        running: { ...running, step: 'model', refs: [] },
        last: 'model[callIdPrefix]toolRequest+pendingOutput',
      },
      { status: 'idle', running: null, last: 'modeltext' },
    ]);
  });
});
