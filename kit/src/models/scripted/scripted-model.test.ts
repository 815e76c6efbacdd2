import { describe, expect, it } from 'vitest';
import type { GenerateRequest, Message } from '../../model/index.js';
import { scriptedModel } from './scripted-model.js';

const ask = (...messages: Message[]): GenerateRequest => ({ messages });
const user = (text: string): Message => ({ role: 'user', content: [{ text }] });

describe('scriptedModel', () => {
  it('keeps no request when told not to record, however many it answers', async () => {
    const model = scriptedModel(() => 'ok', { record: false });
    for (let i = 0; i < 100; i++) await model.generate(ask(user(`hello ${i}`)));
    expect(model.requests).toEqual([]);
  });

  it('names the call that found the script empty when it does not record', async () => {
    const model = scriptedModel(['one'], { record: false });
    await model.generate(ask(user('a')));
    await expect(model.generate(ask(user('b')))).rejects.toThrow(/no answer left for call 2/);
  });

  it('answers from its queue in order and fails clearly when the queue is empty', async () => {
    const model = scriptedModel(['one', (request) => `two after ${request.messages.length} message(s)`]);
    expect((await model.generate(ask(user('a')))).message?.content).toEqual([{ text: 'one' }]);
    expect((await model.generate(ask(user('b')))).message?.content).toEqual([{ text: 'two after 1 message(s)' }]);
    await expect(model.generate(ask(user('c')))).rejects.toMatchObject({
      code: 'internal',
      reason: 'SERVER_MISCONFIGURED',
    });
    expect(model.requests).toHaveLength(3);
  });

  it('hands a function step the call’s signal, so a step can end as an aborted model request does', async () => {
    const controller = new AbortController();
    const model = scriptedModel(async (_request, { signal }) => {
      await new Promise((resolve) => signal?.addEventListener('abort', resolve, { once: true }));
      throw signal?.reason;
    });
    const answer = model.generate(ask(user('a')), { signal: controller.signal });
    controller.abort(new Error('given up'));
    await expect(answer).rejects.toThrow('given up');
  });

  it('streams text word by word when the caller streams', async () => {
    const chunks: string[] = [];
    await scriptedModel(['one two three']).generate(ask(user('x')), {
      onChunk: (c) => chunks.push((c.content[0] as { text: string }).text),
    });
    expect(chunks).toEqual(['one ', 'two ', 'three']);
  });
});
