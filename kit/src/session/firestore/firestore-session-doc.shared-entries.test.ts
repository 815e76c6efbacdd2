import fc from 'fast-check';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Message } from '../../model/index.js';
import type { Session } from '../session-schema.js';
import { sampleSession } from '../test-utils/session-store-conformance.js';
import { sessionDocFields, sessionFieldChanges } from './firestore-session-doc.js';
import { EMPTY_LAYOUT, type HistoryLimits, planHistory } from './history-layout.js';

// A write's keys and line lengths are made once per entry object, and entries the stored copy
// shares are taken as unchanged (once-per-entry): this holds that to the write without the cache, a second copy of these modules whose oncePerEntry makes every
// time. The cached write runs twice: the second time, every entry's field comes from the cache.

/** Small enough that a few messages seal the tail into chunks. */
const LIMITS: HistoryLimits = { tailUnits: 120, chunkUnits: 200 };

type Entries = Pick<Session, 'history' | 'results' | 'requests' | 'snapshots' | 'artifacts'>;

const message = (i: number, text: string): Message => ({ role: i % 2 ? 'model' : 'user', content: [{ text }] });
const snapshot = (n: number, text: string) => ({
  id: `s${n}-x`,
  n,
  branch: 'b0',
  length: n,
  seq: n,
  outcome: { kind: text, at: n },
});
const result = (i: number, text: string) => ({
  requestId: `req-${i}`,
  at: i,
  result: { sessionId: 's1', status: 'done' as const, text, interrupts: [], output: text },
});
const request = (i: number, text: string) => ({ id: `req-${i}`, digest: text, at: i });
const artifact = (i: number, text: string) => ({ name: `a${i % 3}`, version: i, parts: [{ text }], at: i });

/** One kind of entry: how to make entry `i` with words `text`. */
const KINDS = { history: message, results: result, requests: request, snapshots: snapshot, artifacts: artifact };
type Kind = keyof typeof KINDS;

/** A step from the stored entries of a kind to the next: keep (shared), replace by a new object (same key), drop, or add. */
const stepArb = fc.oneof(
  fc.constant({ kind: 'keep' as const }),
  fc.record({ kind: fc.constant('replace' as const), text: fc.string({ maxLength: 12 }) }),
  fc.constant({ kind: 'drop' as const }),
  fc.record({ kind: fc.constant('add' as const), text: fc.string({ maxLength: 40 }) }),
);
type Step = typeof stepArb extends fc.Arbitrary<infer S> ? S : never;
const kindArb = fc.record({
  stored: fc.array(fc.string({ maxLength: 40 }), { maxLength: 8 }),
  steps: fc.array(stepArb, { maxLength: 10 }),
});

function entriesOf(kind: Kind, stored: string[], steps: Step[]) {
  const make = KINDS[kind] as (i: number, text: string) => object;
  const before = stored.map((text, i) => make(i + 1, text));
  const next: object[] = [];
  let i = 0;
  let added = before.length;
  for (const step of steps) {
    const entry = before[i];
    if (step.kind === 'add') next.push(make(++added, step.text));
    else if (entry === undefined) continue;
    else {
      i++;
      // The history is a list whose messages keep their place: a dropped message is replaced.
      if (step.kind === 'keep' || (step.kind === 'drop' && kind === 'history')) next.push(entry);
      if (step.kind === 'replace') next.push(make(i, step.text));
    }
  }
  next.push(...before.slice(i));
  return { before, next };
}

type Doc = typeof import('./firestore-session-doc.js');
type Layout = typeof import('./history-layout.js');

/** These modules again, with no cache: oncePerEntry makes each time it is asked. */
async function uncachedModules(): Promise<{ doc: Doc; layout: Layout }> {
  vi.resetModules();
  vi.doMock('../once-per-entry.js', () => ({ oncePerEntry: <E, M>(make: (entry: E) => M) => make }));
  try {
    return { doc: await import('./firestore-session-doc.js'), layout: await import('./history-layout.js') };
  } finally {
    vi.doUnmock('../once-per-entry.js');
    vi.resetModules();
  }
}

/** The fields a create and a write send for sessions `before` → `next`. */
function writeOf(
  before: Session,
  next: Session,
  { doc, layout }: { doc: Doc; layout: Layout } = {
    doc: { sessionDocFields, sessionFieldChanges } as Doc,
    layout: { EMPTY_LAYOUT, planHistory } as Layout,
  },
) {
  const { EMPTY_LAYOUT, planHistory } = layout;
  const { sessionDocFields, sessionFieldChanges } = doc;
  const stored = planHistory(EMPTY_LAYOUT, [], before.history, LIMITS);
  const plan = planHistory(stored.layout, before.history, next.history, LIMITS);
  return {
    created: sessionDocFields(before, stored),
    plan,
    changes: sessionFieldChanges(before, stored.layout, next, plan),
  };
}

describe('a write over entries the stored copy shares', () => {
  let uncached: { doc: Doc; layout: Layout };
  beforeAll(async () => {
    uncached = await uncachedModules();
  });

  it('sends the same fields as the write without the per-entry cache', () => {
    const kindsArb = fc.record(
      Object.fromEntries(Object.keys(KINDS).map((k) => [k, kindArb])) as Record<Kind, typeof kindArb>,
    );
    fc.assert(
      fc.property(kindsArb, (kinds) => {
        const before: Partial<Entries> = {};
        const next: Partial<Entries> = {};
        for (const kind of Object.keys(KINDS) as Kind[]) {
          const made = entriesOf(kind, kinds[kind].stored, kinds[kind].steps);
          Object.assign(before, { [kind]: made.before });
          Object.assign(next, { [kind]: made.next });
        }
        const stored: Session = { ...sampleSession('s1'), ...before, version: 1 };
        const grown: Session = { ...stored, ...next, version: 2 };
        const fresh = writeOf(stored, grown, uncached);
        expect(uncached.doc.sessionFieldChanges).not.toBe(sessionFieldChanges);
        expect(writeOf(stored, grown)).toEqual(fresh);
        // Again: now every entry's field and line comes from the cache.
        expect(writeOf(stored, grown)).toEqual(fresh);
      }),
      { numRuns: 300 },
    );
  });
});
