import { describe, expect, it } from 'vitest';
import type { GenerateRequest, Message } from '../model/index.js';
import { scriptedModel } from '../models/scripted/index.js';
import { benchProtocolReply, parseScript } from './bench-protocol-reply.js';

const ask = (...messages: Message[]): GenerateRequest => ({ messages });
const user = (text: string): Message => ({ role: 'user', content: [{ text }] });

describe('benchProtocolReply', () => {
  it('echoes a prompt that is not a script', async () => {
    const response = await scriptedModel(benchProtocolReply).generate(ask(user('hello')));
    expect(response.message?.content).toEqual([{ text: 'echo: hello' }]);
  });

  it('asks for the round’s tool calls with refs and ids r<round>.<i> when given a script', async () => {
    const model = scriptedModel(benchProtocolReply);
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
    const model = scriptedModel(benchProtocolReply);
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

  it('rejects a malformed script round', () => {
    expect(() => parseScript('script: lookup')).toThrow(/tool\*count/);
  });
});
