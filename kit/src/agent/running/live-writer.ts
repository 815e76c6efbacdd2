import type { GenerateResponseChunk, Message } from '../../model/index.js';
import { redactValue } from '../../redact/index.js';
import type { LiveWords } from '../../session/index.js';
import type { LiveClock } from '../runtime/index.js';

/** Wall time, with timers that never keep the process alive. */
export const wallClock: LiveClock = {
  now: () => Date.now(),
  after: (ms, run) => {
    const timer = setTimeout(run, ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
};

/** The least time between two live writes of one session: Firestore's sustained write rate for one document. */
export const LIVE_WRITE_EVERY_MS = 1_000;
/**
 * The most characters of a round's text (and of its reasoning) the live document holds: words
 * past it reach the asking call and the journal, not the live document, which stays far under
 * Firestore's 1 MiB document limit.
 */
export const LIVE_MAX_CHARS = 200_000;
/**
 * The most bytes of unjournaled steps (their history lines) the live document carries: past it
 * they are left out, and a watcher sees them when the journal writes them, as before.
 */
export const LIVE_MAX_STEP_BYTES = 200_000;

/**
 * `messages` as the live document carries them: history lines, with the secrets the journal would
 * take out of them taken out; undefined when there are none or they are too many bytes.
 */
function stepLines(messages: readonly Message[]): string[] | undefined {
  if (messages.length === 0) return undefined;
  const lines = redactValue(messages).map((message) => JSON.stringify(message));
  const bytes = lines.reduce((sum, line) => sum + Buffer.byteLength(line), 0);
  return bytes <= LIVE_MAX_STEP_BYTES ? lines : undefined;
}

/** What the live writer writes under: whose session, which turn. */
export interface LiveTarget {
  /** Where the words go; without it the writer only keeps them (for a stop to journal). */
  live: LiveWords | undefined;
  sessionId: string;
  ownerUid: string;
  leaseId: string;
  clock?: LiveClock | undefined;
  everyMs?: number;
}

/** The words of one round so far. */
export interface RoundWords {
  text: string;
  reasoning: string;
}

/**
 * Keeps a turn's current round's words in the session's live document for every watcher, with
 * the turn's steps before the round that its journal has not stored yet (so a tab opened mid-turn
 * shows them before the words, at no write of their own): the
 * first write a full {@link LIVE_WRITE_EVERY_MS} after the round's first word (so a round that
 * ends sooner costs no write), then at most one write in that time, one in flight at most, the
 * latest words winning. A round's end stops its writes (a write in flight still lands; it names
 * its round, which the journal has replaced, so watchers ignore it). A failed write only loses
 * that write: the turn never fails for its live words.
 */
export class LiveWriter {
  private readonly target: LiveTarget;
  private readonly clock: LiveClock;
  private readonly everyMs: number;
  private from: number | undefined;
  private startedAt = 0;
  private lastWriteAt = Number.NEGATIVE_INFINITY;
  private words: RoundWords = { text: '', reasoning: '' };
  /** The turn's steps before the round that its journal had not stored when the round began. */
  private steps: string[] | undefined;
  private dirty = false;
  private inFlight = false;
  private cancel: (() => void) | undefined;
  /** Writes made (for the benchmarks and tests). */
  writes = 0;

  constructor(target: LiveTarget) {
    this.target = target;
    this.clock = target.clock ?? wallClock;
    this.everyMs = target.everyMs ?? LIVE_WRITE_EVERY_MS;
  }

  /** The words of the round under way (empty between rounds). */
  get round(): RoundWords {
    return { ...this.words };
  }

  /** True while a round streams (from its first chunk to its end). */
  get streaming(): boolean {
    return this.from !== undefined;
  }

  /**
   * Takes a chunk of the round that will take history index `from` (its first chunk starts the
   * round); `unjournaled` gives the turn's messages before it that its journal has not stored yet
   * (asked once a round: nothing is journaled while a round streams).
   */
  add(chunk: GenerateResponseChunk, from: number, unjournaled?: () => readonly Message[]): void {
    if (this.from === undefined) {
      this.from = from;
      this.startedAt = this.clock.now();
      this.words = { text: '', reasoning: '' };
      this.steps = this.target.live && unjournaled ? stepLines(unjournaled()) : undefined;
    }
    const words = chunk.aggregated ? { text: '', reasoning: '' } : this.words;
    for (const part of chunk.content) {
      if ('text' in part && typeof part.text === 'string') words.text += part.text;
      else if ('reasoning' in part && typeof part.reasoning === 'string') words.reasoning += part.reasoning;
    }
    this.words = words;
    this.dirty = true;
    this.arm();
  }

  /** The round is over (its message is journaled next, or the turn ended): no more writes for it. */
  end(): void {
    this.cancel?.();
    this.cancel = undefined;
    this.from = undefined;
    this.dirty = false;
    this.words = { text: '', reasoning: '' };
    this.steps = undefined;
  }

  private arm(): void {
    if (!this.target.live || this.from === undefined || this.cancel || this.inFlight || !this.dirty) return;
    const due = Math.max(this.startedAt, this.lastWriteAt) + this.everyMs;
    this.cancel = this.clock.after(Math.max(0, due - this.clock.now()), () => this.flush());
  }

  private flush(): void {
    this.cancel = undefined;
    const from = this.from;
    if (from === undefined || !this.dirty) return;
    this.dirty = false;
    if (!this.target.live) return;
    this.inFlight = true;
    this.lastWriteAt = this.clock.now();
    this.writes++;
    const { text, reasoning } = this.words;
    const { live, sessionId, ownerUid, leaseId } = this.target;
    live
      .write(sessionId, {
        ownerUid,
        leaseId,
        from,
        text: text.slice(0, LIVE_MAX_CHARS),
        ...(reasoning ? { reasoning: reasoning.slice(0, LIVE_MAX_CHARS) } : {}),
        ...(this.steps ? { steps: this.steps } : {}),
        at: this.lastWriteAt,
      })
      // Lost words only: the asking call has them, the journal will, and the next write retries.
      .catch(() => undefined)
      .finally(() => {
        this.inFlight = false;
        this.arm();
      });
  }
}
