import type { Message } from '@callable-flows/kit/model/index.js';
import { emptySession, type Session } from '@callable-flows/kit/session/index.js';

/** One turn of the throughput bench as stored: user, model asking for two tools, their results, answer. */
function turn(i: number): Message[] {
  const input = { sku: `SKU-${i}` };
  return [
    { role: 'user', content: [{ text: `Is SKU-${i} in stock, and what does it cost?` }] },
    {
      role: 'model',
      content: [
        { toolRequest: { name: 'stock', ref: `t${i}.0`, input } },
        { toolRequest: { name: 'price', ref: `t${i}.1`, input } },
      ],
    },
    {
      role: 'tool',
      content: [
        { toolResponse: { name: 'stock', ref: `t${i}.0`, output: { units: 3 } } },
        { toolResponse: { name: 'price', ref: `t${i}.1`, output: { price: 12.5 } } },
      ],
    },
    { role: 'model', content: [{ text: `SKU-${i} is in stock: 3 units at 12.50 each.` }] },
  ];
}

/** An idle session `id` of user `uid` with `turns` turns of two tool calls each (4 messages a turn). */
export function benchSession(id: string, uid: string, turns: number): Session {
  const now = Date.now();
  return {
    ...emptySession({ id, ownerUid: uid, agent: 'shop', now }),
    version: 1,
    expireAt: now + 86_400_000,
    history: Array.from({ length: turns }, (_, t) => turn(t)).flat(),
    turns,
  };
}
