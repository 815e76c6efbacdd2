import { describe, expect, it } from 'vitest';
import type { Message } from '../../model/index.js';
import {
  EMPTY_LAYOUT,
  type HistoryLayout,
  type HistoryLimits,
  lineOf,
  planHistory,
  readHistory,
} from './history-layout.js';

const small: HistoryLimits = { tailUnits: 200, chunkUnits: 120 };
const msg = (text: string, role: Message['role'] = 'user'): Message => ({ role, content: [{ text }] });

/** A stand-in for the chunk documents: applies plans as the store's batch would. */
class Storage {
  layout: HistoryLayout = EMPTY_LAYOUT;
  history: Message[] = [];
  tail = '';
  chunks = new Map<number, string>();

  write(next: Message[], limits = small) {
    const plan = planHistory(this.layout, this.history, next, limits);
    for (const [i, text] of plan.put) this.chunks.set(i, text);
    for (const i of plan.remove) this.chunks.delete(i);
    this.layout = plan.layout;
    this.history = next;
    this.tail = plan.tail.map(lineOf).join('');
    return plan;
  }

  read(): Message[] {
    const texts = this.layout.chunks.map((_, i) => this.chunks.get(i) as string);
    return readHistory(this.layout, texts, this.tail);
  }
}

describe('planHistory', () => {
  it('keeps a short history in the tail when it fits', () => {
    const s = new Storage();
    const plan = s.write([msg('hello'), msg('hi', 'model')]);
    expect(plan.put.size).toBe(0);
    expect(plan.layout).toEqual({ length: 2, sealed: 0, chunks: [] });
    expect(s.read()).toEqual(s.history);
  });

  it('seals older messages into chunks and keeps the newest in the tail when the tail grows past its limit', () => {
    const s = new Storage();
    const history = Array.from({ length: 12 }, (_, i) => msg(`message number ${i}`));
    s.write(history);
    expect(s.layout.sealed).toBe(11);
    expect(s.layout.chunks.length).toBeGreaterThan(1);
    expect(s.tail).toBe(`${JSON.stringify(history[11])}\n`);
    for (const text of s.chunks.values()) expect(text.length).toBeLessThanOrEqual(small.chunkUnits);
    expect(s.read()).toEqual(history);
  });

  it('spreads a message larger than a chunk over several chunks without splitting a surrogate pair', () => {
    const s = new Storage();
    const big = msg('😀'.repeat(150));
    s.write([msg('a'), big, msg('b')]);
    expect(s.layout.chunks.filter((start) => start === -1).length).toBeGreaterThan(1);
    for (const text of s.chunks.values()) expect(text).not.toMatch(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/);
    expect(s.read()).toEqual(s.history);
  });

  it('rewrites from the chunk that holds a sealed message when that message is replaced', () => {
    const s = new Storage();
    const history = Array.from({ length: 20 }, (_, i) => msg(`message number ${i}`));
    s.write(history);
    const replaced = [...history.slice(0, 3), msg('changed'), ...history.slice(4, 6)];
    const plan = s.write(replaced);
    expect(plan.layout.length).toBe(6);
    expect(plan.remove.length + plan.put.size).toBeGreaterThan(0);
    expect(s.read()).toEqual(replaced);
  });

  it('reads back what was written when a history grows and its last message is restamped many times', () => {
    const s = new Storage();
    let history: Message[] = [];
    for (let i = 0; i < 300; i++) {
      const last = history.at(-1);
      if (i % 3 === 2 && last) history = [...history.slice(0, -1), msg(`${userText(last)}!`, 'model')];
      else history = [...history, msg(`turn ${i} ${'x'.repeat(i % 50)}`, i % 2 ? 'model' : 'user')];
      s.write(history);
    }
    expect(s.read()).toEqual(history);
  });
});

function userText(message: Message): string {
  return message.content.map((p) => ('text' in p ? p.text : '')).join('');
}

describe('readHistory', () => {
  it('refuses with data-loss when the chunks and the layout disagree', () => {
    const layout = { length: 2, sealed: 1, chunks: [0] };
    expect(() => readHistory(layout, [], `${JSON.stringify(msg('x'))}\n`)).toThrow(
      expect.objectContaining({ code: 'data-loss' }),
    );
    expect(() => readHistory({ length: 1, sealed: 0, chunks: [] }, [], '{"role":"user"}\n')).toThrow(
      expect.objectContaining({ code: 'data-loss' }),
    );
  });
});
