import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { GenerateRequest, Message } from '../../model/index.js';
import { scriptedModel } from '../../models/scripted/index.js';
import { InMemorySessionStore } from '../../session/memory-session-store.js';
import { defineTool } from '../../tools/index.js';
import { defineAgent } from '../define-agent.js';
import { userTexts } from '../test-utils/agent-fixtures.js';
import { renderTranscript } from './summarise-history.js';

const cancelOrder = defineTool(
  {
    name: 'cancelOrder',
    description: 'cancels an order',
    inputSchema: z.object({ orderId: z.string() }),
    sideEffects: 'idempotent',
  },
  ({ orderId }) => ({ cancelled: orderId }),
);

const systemText = (request: GenerateRequest): string =>
  request.messages[0]?.role === 'system'
    ? request.messages[0].content.map((p) => ('text' in p ? p.text : '')).join('')
    : '';

/** Answers summary requests with a fixed summary, and the agent's turns by echo (cancelling when asked). */
function shopModel() {
  return scriptedModel((request) => {
    if (systemText(request).startsWith('Summarise'))
      return '- user owns order A-1001; cancelOrder(A-1001) already executed: cancelled';
    const last = request.messages.at(-1) as Message;
    if (last.role === 'user' && userTexts([last])[0] === 'cancel it') {
      return {
        message: { role: 'model', content: [{ toolRequest: { name: 'cancelOrder', input: { orderId: 'A-1001' } } }] },
        finishReason: 'stop',
      };
    }
    return `ok (${request.messages.length} messages)`;
  });
}

describe('renderTranscript', () => {
  it('shows who said what and which tools ran with what result', () => {
    const text = renderTranscript([
      { role: 'user', content: [{ text: 'cancel A-1001' }] },
      { role: 'model', content: [{ toolRequest: { name: 'cancelOrder', ref: 'r', input: { orderId: 'A-1001' } } }] },
      { role: 'tool', content: [{ toolResponse: { name: 'cancelOrder', ref: 'r', output: { cancelled: 'A-1001' } } }] },
    ]);
    expect(text).toBe(
      'user: cancel A-1001\nmodel: [called cancelOrder({"orderId":"A-1001"})]\ntool: [cancelOrder returned {"cancelled":"A-1001"}]',
    );
  });
});

describe('defineAgent with history.compress', () => {
  const turns = ['my order is A-1001', 'cancel it', 'thanks', 'what did you do?'];

  it('sends a summary and the last turns whole when more turns than the trigger are stored', async () => {
    const store = new InMemorySessionStore();
    const model = shopModel();
    const agent = defineAgent({
      name: 'shop',
      model,
      system: 'You are a shop assistant.',
      tools: [cancelOrder],
      store,
      history: { compress: { keepTurns: 2, triggerTurns: 3 } },
    });
    let sessionId: string | undefined;
    for (const message of turns) sessionId = (await agent.send(sessionId, { message }, { uid: 'alice' })).sessionId;
    const summaryRequest = model.requests.find((r) => systemText(r).startsWith('Summarise'));
    const transcript = summaryRequest?.messages
      .at(-1)
      ?.content.map((p) => ('text' in p ? p.text : ''))
      .join('');
    expect(transcript).toContain('user: my order is A-1001');
    expect(transcript).toContain('[called cancelOrder({"orderId":"A-1001"})]');
    expect(transcript).toContain('[cancelOrder returned {"cancelled":"A-1001"}]');
    expect(transcript).not.toContain('thanks');
    const last = model.requests.at(-1) as GenerateRequest;
    expect(systemText(last)).toContain('You are a shop assistant.');
    expect(systemText(last)).toContain('cancelOrder(A-1001) already executed');
    expect(userTexts(last.messages)).toEqual(['thanks', 'what did you do?']);
    const session = (await store.load(sessionId as string))!.session;
    expect(userTexts(session.history)).toEqual(turns);
    expect(session.summary?.upTo).toBe(session.history.findIndex((m) => userTexts([m])[0] === 'thanks'));
  });

  it('sends every stored message when compression is off (the default)', async () => {
    const model = shopModel();
    const agent = defineAgent({ name: 'shop', model, tools: [cancelOrder], store: new InMemorySessionStore() });
    let sessionId: string | undefined;
    for (const message of turns) sessionId = (await agent.send(sessionId, { message }, { uid: 'alice' })).sessionId;
    expect(model.requests.some((r) => systemText(r).startsWith('Summarise'))).toBe(false);
    expect(userTexts((model.requests.at(-1) as GenerateRequest).messages)).toEqual(turns);
  });
});
