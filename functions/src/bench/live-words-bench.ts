import { defineAgent } from '@callable-flows/kit/agent/index.js';
import type { ModelCallOptions } from '@callable-flows/kit/model/index.js';
import { scriptedModel } from '@callable-flows/kit/models/scripted/index.js';
import { FirestoreSessionStore, type StoreOperation } from '@callable-flows/kit/session/firestore/index.js';
import { CONTROL_COLLECTION, LIVE_DOC_ID } from '@callable-flows/protocol';
import { Firestore } from '@google-cloud/firestore';
import type { BenchTable } from './bench-table.js';
import { median } from './measure.js';

/** The streamed turns measured: words of an answer, and the time between two words. */
const STREAMS = [
  { words: 5, everyMs: 100 },
  { words: 60, everyMs: 50 },
  { words: 200, everyMs: 50 },
] as const;
/** Turns per stream (the first-word delay is the median over them). */
const TURNS = 5;
/**
 * Firestore's list prices per 100,000 operations used for the bill (a regional database such as
 * us-central1, standard edition; other locations cost more, the free quota is left out).
 */
const PRICE = { reads: 0.03, writes: 0.09 } as const;

/** A model that streams `words` words, one every `everyMs`, then answers them. */
function streamingModel(words: number, everyMs: number, firstWord: () => void) {
  return scriptedModel(
    async (_request, call: ModelCallOptions) => {
      const said: string[] = [];
      for (let i = 0; i < words; i++) {
        const word = `word${i} `;
        said.push(word);
        if (i === 0) firstWord();
        call.onChunk?.({ content: [{ text: word }] });
        await new Promise((resolve) => setTimeout(resolve, everyMs));
      }
      return said.join('');
    },
    { stream: false },
  );
}

const sum = (ops: readonly StoreOperation[], key: 'writes' | 'bytes', kind?: 'live'): number =>
  ops.filter((op) => (kind ? op.kind === kind : op.kind !== 'live')).reduce((n, op) => n + (op[key] ?? 0), 0);

interface StreamFigures {
  liveWrites: number;
  liveBytes: number;
  turnWrites: number;
  turnBytes: number;
  /** Snapshots of the live document a watcher got (each one document read). */
  watcherReads: number;
  /** ms from the model's first word to a second client seeing it (median). */
  firstWordMs: number | undefined;
}

/**
 * One streamed turn's Firestore cost and the first-word delay on a second device (another
 * Firestore client listening to the live document, as `watch` does), over `turns` turns.
 */
async function measureStream(
  firestore: Firestore,
  watcher: Firestore,
  prefix: string,
  words: number,
  everyMs: number,
): Promise<StreamFigures> {
  const ops: StoreOperation[] = [];
  const store = new FirestoreSessionStore({ firestore, prefix, onOperation: (op) => ops.push(op) });
  let firstWordAt = 0;
  const model = streamingModel(words, everyMs, () => {
    firstWordAt = performance.now();
  });
  const agent = defineAgent({ name: 'live', model, store });
  const { sessionId } = await agent.send(undefined, { message: 'hello' }, { uid: 'bench' });
  const delays: number[] = [];
  let liveWrites = 0;
  let liveBytes = 0;
  let turnWrites = 0;
  let turnBytes = 0;
  let watcherReads = 0;
  for (let turn = 0; turn < TURNS; turn++) {
    let seenAt: number | undefined;
    let snapshots = 0;
    const liveRef = watcher.doc(`${prefix}sessions/${sessionId}/${CONTROL_COLLECTION}/${LIVE_DOC_ID}`);
    let opened = false;
    const stop = liveRef.onSnapshot((snap) => {
      // The first snapshot is the listen's own read (the last turn's words, or none).
      if (!opened) {
        opened = true;
        return;
      }
      snapshots++;
      const text = snap.get('text');
      if (seenAt === undefined && typeof text === 'string' && text.startsWith('word0')) seenAt = performance.now();
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    ops.length = 0;
    await agent.send(sessionId, { message: `turn ${turn}` }, { uid: 'bench' });
    // The last live write may land after the turn's release: let it, and its snapshot, arrive.
    await new Promise((resolve) => setTimeout(resolve, 500));
    stop();
    liveWrites += sum(ops, 'writes', 'live');
    liveBytes += sum(ops, 'bytes', 'live');
    turnWrites += sum(ops, 'writes');
    turnBytes += sum(ops, 'bytes');
    watcherReads += snapshots;
    if (seenAt !== undefined) delays.push(seenAt - firstWordAt);
  }
  return {
    liveWrites: liveWrites / TURNS,
    liveBytes: Math.round(liveBytes / TURNS),
    turnWrites: turnWrites / TURNS,
    turnBytes: Math.round(turnBytes / TURNS),
    watcherReads: watcherReads / TURNS,
    firstWordMs: delays.length ? Math.round(median(delays)) : undefined,
  };
}

/** Dollars per million turns of `writes` writes and `reads` reads at {@link PRICE}. */
const perMillionTurns = (writes: number, reads: number): string =>
  `$${((writes * PRICE.writes + reads * PRICE.reads) * 10).toFixed(2)}`;

/**
 * What the live words cost, against the emulator (FIRESTORE_EMULATOR_HOST): per streamed turn,
 * the live document's writes and bytes beside the turn's own, the delay from the model's first
 * word to a second client's snapshot of it, and the Firestore bill per turn with and without a
 * watcher (a watcher pays one document read per live write it is sent).
 */
export async function runLiveWordsBench(): Promise<BenchTable> {
  if (!process.env.FIRESTORE_EMULATOR_HOST) throw new Error('the live-words bench needs FIRESTORE_EMULATOR_HOST');
  const projectId = `demo-bench-live-${Date.now().toString(36)}`;
  const firestore = new Firestore({ projectId });
  const watcher = new Firestore({ projectId });
  const rows: (string | number)[][] = [];
  try {
    for (const [n, { words, everyMs }] of STREAMS.entries()) {
      const figures = await measureStream(firestore, watcher, `live${n}_`, words, everyMs);
      const streamedMs = words * everyMs;
      rows.push([
        `${words} words over ${(streamedMs / 1000).toFixed(1)} s`,
        `${figures.turnWrites} / ${figures.turnBytes}`,
        `${figures.liveWrites} / ${figures.liveBytes}`,
        figures.firstWordMs === undefined ? 'none (no live write)' : figures.firstWordMs,
        perMillionTurns(figures.turnWrites + figures.liveWrites, 0),
        perMillionTurns(figures.turnWrites + figures.liveWrites, figures.watcherReads),
      ]);
    }
  } finally {
    await Promise.all([firestore.terminate(), watcher.terminate()]);
  }
  return {
    title: 'Live words: what a streamed turn costs, and when a second device sees its first word',
    columns: [
      'streamed answer',
      'turn writes / bytes (session)',
      'live writes / bytes',
      'first word on a second device, median ms',
      'bill per 1M turns, no watcher',
      'bill per 1M turns, one watcher',
    ],
    rows,
    notes: [
      `Means over ${TURNS} warm turns of one session on the emulator; the second device is another Firestore client listening to \`control/live\`, as \`watch\` does; its delay counts from the model's first word to the snapshot that has it.`,
      'A round that ends within its first second writes no live words (the 5-word row): a short answer costs its 2 session writes, as before. A longer one costs one live write a second, each the whole round so far (bytes grow with the text, bounded by it). The 10 s turn’s 4 session writes are its lease renewals (one every 4 s of a 12 s lease), as without live words.',
      'The first word reaches a second device about a second after the model said it: the first live write waits a full second (so that a short answer costs nothing), then the write and the listener add their own time.',
      `The bill: writes and reads at $${PRICE.writes} / $${PRICE.reads} per 100,000 (a regional database's list prices; the free quota left out). The server writes the live words whether anyone watches or not (it can't know); a watcher adds one document read per live write it is sent. Reads of the session document by watchers are not counted (they are the same with or without live words).`,
    ],
  };
}
