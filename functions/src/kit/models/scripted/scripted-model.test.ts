import { describe, expect, it } from 'vitest';
import type { GenerateRequest, Message } from '../../model/index.js';
import { parseScript } from './bench-protocol-reply.js';
import { scriptedModel } from './scripted-model.js';

const ask = (...messages: Message[]): GenerateRequest => ({ messages });
const user = (text: string): Message => ({ role: 'user', content: [{ text }] });

describe('scriptedModel', () => {
  it('keeps no request when told not to record, however many it answers', async () => {
    const model = scriptedModel(undefined, { record: false });
    for (let i = 0; i < 100; i++) await model.generate(ask(user(`hello ${i}`)));
    expect(model.requests).toEqual([]);
  });

  it('names the call that found the script empty when it does not record', async () => {
    const model = scriptedModel(['one'], { record: false });
    await model.generate(ask(user('a')));
    await expect(model.generate(ask(user('b')))).rejects.toThrow(/no answer left for call 2/);
  });

  it('echoes a prompt that is not a script', async () => {
    const response = await scriptedModel().generate(ask(user('hello')));
    expect(response.message?.content).toEqual([{ text: 'echo: hello' }]);
  });

  it('asks for the round’s tool calls with refs and ids r<round>.<i> when given a script', async () => {
    const model = scriptedModel();
    const first = await model.generate(ask(user('script: lookup*2 > confirm*1')));
    expect(first.message?.content).toEqual([
      { toolRequest: { name: 'lookup', ref: 'r0.0', input: { id: 'r0.0' } } },
      { toolRequest: { name: 'lookup', ref: 'r0.1', input: { id: 'r0.1' } } },
    ]);
    const second = await model.generate(
      ask(user('script: lookup*2 > confirm*1'), first.message as Message, {
        role: 'tool',
        content: [
          { toolResponse: { name: 'lookup', ref: 'r0.0', output: 1 } },
          { toolResponse: { name: 'lookup', ref: 'r0.1', output: 1 } },
        ],
      }),
    );
    expect(second.message?.content).toEqual([{ toolRequest: { name: 'confirm', ref: 'r1.0', input: { id: 'r1.0' } } }]);
  });

  it('reports rounds and results once the script is done', async () => {
    const model = scriptedModel();
    const response = await model.generate(
      ask(
        user('script: t*1'),
        { role: 'model', content: [{ toolRequest: { name: 't', ref: 'r0.0' } }] },
        {
          role: 'tool',
          content: [{ toolResponse: { name: 't', ref: 'r0.0', output: 1 } }],
        },
      ),
    );
    expect(response.message?.content).toEqual([{ text: 'done: 1 tool round(s), 1 tool result(s)' }]);
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

  it('rejects a malformed script round', () => {
    expect(() => parseScript('script: lookup')).toThrow(/tool\*count/);
  });

  it('streams text word by word when the caller streams', async () => {
    const chunks: string[] = [];
    await scriptedModel(['one two three']).generate(ask(user('x')), {
      onChunk: (c) => chunks.push((c.content[0] as { text: string }).text),
    });
    expect(chunks).toEqual(['one ', 'two ', 'three']);
  });
});
