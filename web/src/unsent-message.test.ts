import { describe, expect, it } from 'vitest';
import { memoryStorage } from './test-utils/memory-storage.js';
import { unsentStore } from './unsent-message.js';

describe('unsentStore', () => {
  it('gives back the unsent messages of the conversation they were for', () => {
    const store = unsentStore(memoryStorage());
    store.save({ sessionId: 's1', text: 'hello', requestId: 'web-1' });
    expect(store.of('s1')).toEqual([{ sessionId: 's1', text: 'hello', requestId: 'web-1' }]);
    expect(store.of('s2')).toEqual([]);
    expect(store.of(undefined)).toEqual([]);
  });

  it('keeps a first unsent message when another is not sent either, each under its request id', () => {
    const store = unsentStore(memoryStorage());
    store.save({ sessionId: 's1', text: 'first', requestId: 'web-1' });
    store.save({ sessionId: 's1', text: 'second', requestId: 'web-2' });
    store.save({ sessionId: 's1', text: 'first', requestId: 'web-1' });
    expect(store.of('s1').map((message) => message.text)).toEqual(['first', 'second']);
    store.remove('web-1');
    expect(store.of('s1').map((message) => message.text)).toEqual(['second']);
  });

  it('keeps the first message of a new conversation under no session', () => {
    const store = unsentStore(memoryStorage());
    store.save({ sessionId: null, text: 'hello', requestId: 'web-1' });
    expect(store.of(undefined).map((message) => message.text)).toEqual(['hello']);
    store.clear();
    expect(store.of(undefined)).toEqual([]);
  });

  it('ignores a record it cannot read when the storage holds something else', () => {
    const storage = memoryStorage();
    storage.setItem('orderAssistant.unsentMessages', '{not json');
    expect(unsentStore(storage).of(undefined)).toEqual([]);
    storage.setItem('orderAssistant.unsentMessages', '{"sessionId":null}');
    expect(unsentStore(storage).of(undefined)).toEqual([]);
  });

  it("keeps each agent's unsent messages apart: a kit instance's tab never shows the order assistant's", () => {
    const storage = memoryStorage();
    unsentStore(storage).save({ sessionId: 's1', text: 'for the order assistant', requestId: 'web-1' });
    unsentStore(storage, 'kit-support-agent').save({ sessionId: 's1', text: 'for support', requestId: 'web-2' });
    expect(
      unsentStore(storage)
        .of('s1')
        .map((m) => m.text),
    ).toEqual(['for the order assistant']);
    expect(
      unsentStore(storage, 'kit-support-agent')
        .of('s1')
        .map((m) => m.text),
    ).toEqual(['for support']);
  });
});
