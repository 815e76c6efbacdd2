import { describe, expect, it } from 'vitest';
import type { Message } from '../../model/index.js';
import type { LiveRound, LiveWords } from '../../session/index.js';
import { ManualLiveClock } from '../test-utils/manual-live-clock.js';
import { LIVE_MAX_CHARS, LIVE_MAX_STEP_BYTES, LiveWriter } from './live-writer.js';

/** Live words that record each write, resolving each one when the test says (or at once). */
class RecordingLive implements LiveWords {
  readonly writes: LiveRound[] = [];
  hold = false;
  fail = false;
  private readonly held: (() => void)[] = [];

  write(_sessionId: string, round: LiveRound): Promise<void> {
    this.writes.push(round);
    if (this.fail) return Promise.reject(new Error('store down'));
    if (!this.hold) return Promise.resolve();
    return new Promise((resolve) => this.held.push(resolve));
  }

  async read(): Promise<LiveRound | undefined> {
    return this.writes.at(-1);
  }

  release(): void {
    for (const resolve of this.held.splice(0)) resolve();
  }
}

function writerWith(live: RecordingLive, clock: ManualLiveClock): LiveWriter {
  return new LiveWriter({ live, sessionId: 's1', ownerUid: 'alice', leaseId: 'l1', clock });
}

const words = (text: string) => ({ content: [{ text }] });

describe('LiveWriter', () => {
  it('writes nothing for a round that ends within its first second', async () => {
    const clock = new ManualLiveClock();
    const live = new RecordingLive();
    const writer = writerWith(live, clock);
    writer.add(words('Hello '), 2);
    await clock.advance(400);
    writer.add(words('world'), 2);
    await clock.advance(500);
    writer.end();
    await clock.advance(5_000);
    expect(live.writes).toEqual([]);
    expect(clock.pending).toBe(0);
  });

  it('writes the words so far a second after the first one, naming the round by lease and history index', async () => {
    const clock = new ManualLiveClock();
    const live = new RecordingLive();
    const writer = writerWith(live, clock);
    writer.add(words('Hello '), 3);
    await clock.advance(600);
    writer.add(words('world'), 3);
    await clock.advance(400);
    expect(live.writes).toEqual([{ ownerUid: 'alice', leaseId: 'l1', from: 3, text: 'Hello world', at: 1000 }]);
  });

  it('carries the turn’s steps its journal has not stored yet, asked once a round, as history lines', async () => {
    const clock = new ManualLiveClock();
    const live = new RecordingLive();
    const writer = writerWith(live, clock);
    const step: Message = { role: 'model', content: [{ toolRequest: { name: 'look', ref: 'r1', input: {} } }] };
    let asked = 0;
    const unjournaled = () => {
      asked++;
      return [step];
    };
    writer.add(words('Hello '), 3, unjournaled);
    writer.add(words('world'), 3, unjournaled);
    await clock.advance(1_000);
    expect(live.writes).toEqual([
      { ownerUid: 'alice', leaseId: 'l1', from: 3, text: 'Hello world', steps: [JSON.stringify(step)], at: 1000 },
    ]);
    expect(asked).toBe(1);
    // The next round asks again: the journal has stored them by then.
    writer.end();
    writer.add(words('Bye'), 5, () => []);
    await clock.advance(1_000);
    expect(live.writes.at(-1)).not.toHaveProperty('steps');
  });

  it('takes the secrets out of the steps, as the journal does', async () => {
    const secret = 'sk-live-0123456789abcdef';
    const before = process.env.PAYMENTS_API_KEY;
    process.env.PAYMENTS_API_KEY = secret;
    try {
      const clock = new ManualLiveClock();
      const live = new RecordingLive();
      const writer = writerWith(live, clock);
      const step: Message = { role: 'model', content: [{ text: `calling https://pay.example/?key=${secret}` }] };
      writer.add(words('Hello'), 1, () => [step]);
      await clock.advance(1_000);
      expect(live.writes[0]?.steps?.[0]).not.toContain(secret);
    } finally {
      if (before === undefined) delete process.env.PAYMENTS_API_KEY;
      else process.env.PAYMENTS_API_KEY = before;
    }
  });

  it('leaves the steps out when they are too many bytes for the live document', async () => {
    const clock = new ManualLiveClock();
    const live = new RecordingLive();
    const writer = writerWith(live, clock);
    const step: Message = { role: 'model', content: [{ text: 'x'.repeat(LIVE_MAX_STEP_BYTES) }] };
    writer.add(words('Hello'), 1, () => [step]);
    await clock.advance(1_000);
    expect(live.writes).toHaveLength(1);
    expect(live.writes[0]).not.toHaveProperty('steps');
  });

  it('writes at most once a second while words keep coming, the latest words each time', async () => {
    const clock = new ManualLiveClock();
    const live = new RecordingLive();
    const writer = writerWith(live, clock);
    let text = '';
    for (let i = 0; i < 50; i++) {
      writer.add(words(`w${i} `), 0);
      text += `w${i} `;
      await clock.advance(100);
    }
    // 5 s of words, one every 100 ms: writes at 1, 2, 3, 4 and 5 s.
    expect(live.writes.map((w) => w.at)).toEqual([1000, 2000, 3000, 4000, 5000]);
    expect(live.writes.at(-1)?.text).toBe(text);
    const gaps = live.writes.slice(1).map((w, i) => w.at - (live.writes[i]?.at ?? 0));
    expect(gaps.every((gap) => gap >= 1000)).toBe(true);
  });

  it('keeps one write in flight at most and sends the latest words once it lands', async () => {
    const clock = new ManualLiveClock();
    const live = new RecordingLive();
    live.hold = true;
    const writer = writerWith(live, clock);
    writer.add(words('one '), 0);
    await clock.advance(1000);
    writer.add(words('two '), 0);
    await clock.advance(1500);
    writer.add(words('three'), 0);
    await clock.advance(1500);
    expect(live.writes.map((w) => w.text)).toEqual(['one ']);
    live.release();
    await clock.advance(0);
    expect(live.writes.map((w) => w.text)).toEqual(['one ', 'one two three']);
  });

  it('stops writing when its round ends, and starts the next round afresh with its own index', async () => {
    const clock = new ManualLiveClock();
    const live = new RecordingLive();
    const writer = writerWith(live, clock);
    writer.add(words('first round'), 1);
    await clock.advance(1200);
    writer.add(words(' more'), 1);
    writer.end();
    await clock.advance(3000);
    writer.add(words('second'), 2);
    await clock.advance(999);
    expect(live.writes.map((w) => [w.from, w.text])).toEqual([[1, 'first round']]);
    await clock.advance(1);
    expect(live.writes.map((w) => [w.from, w.text])).toEqual([
      [1, 'first round'],
      [2, 'second'],
    ]);
  });

  it('keeps the round’s reasoning beside its text, and takes an aggregated chunk as the whole so far', async () => {
    const clock = new ManualLiveClock();
    const live = new RecordingLive();
    const writer = writerWith(live, clock);
    writer.add({ content: [{ reasoning: 'thinking ' }, { text: 'Hel' }] }, 0);
    writer.add({ content: [{ reasoning: 'thinking hard' }, { text: 'Hello' }], aggregated: true }, 0);
    expect(writer.round).toEqual({ text: 'Hello', reasoning: 'thinking hard' });
    await clock.advance(1000);
    expect(live.writes[0]).toMatchObject({ text: 'Hello', reasoning: 'thinking hard' });
  });

  it('bounds the written text by the live limit while keeping every word for the stop to journal', async () => {
    const clock = new ManualLiveClock();
    const live = new RecordingLive();
    const writer = writerWith(live, clock);
    writer.add(words('x'.repeat(LIVE_MAX_CHARS + 10)), 0);
    await clock.advance(1000);
    expect(live.writes[0]?.text.length).toBe(LIVE_MAX_CHARS);
    expect(writer.round.text.length).toBe(LIVE_MAX_CHARS + 10);
  });

  it('goes on after a failed write, which never throws into the turn', async () => {
    const clock = new ManualLiveClock();
    const live = new RecordingLive();
    live.fail = true;
    const writer = writerWith(live, clock);
    writer.add(words('a '), 0);
    await clock.advance(1000);
    live.fail = false;
    writer.add(words('b'), 0);
    await clock.advance(1000);
    expect(live.writes.map((w) => w.text)).toEqual(['a ', 'a b']);
  });

  it('only keeps the words when there is nowhere to write them', async () => {
    const clock = new ManualLiveClock();
    const writer = new LiveWriter({ live: undefined, sessionId: 's1', ownerUid: 'alice', leaseId: 'l1', clock });
    writer.add(words('kept'), 0);
    await clock.advance(2000);
    expect(writer.round.text).toBe('kept');
    expect(writer.writes).toBe(0);
    expect(clock.pending).toBe(0);
  });
});
