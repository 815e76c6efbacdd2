import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineAgent } from '../agent/define-agent.js';
import type { AgentWarmOptions } from '../agent/index.js';
import { echoModel } from '../agent/test-utils/agent-fixtures.js';
import { defineFlow } from '../flow/index.js';
import { InMemorySessionStore } from '../session/index.js';
import { warmCall } from './run-call.js';
import { callableRequest } from './test-utils/callable-request.js';

/** An agent that queues, recording what each warm-up was asked to read. */
function recordingAgent() {
  const agent = defineAgent({ name: 'q', model: echoModel(), store: new InMemorySessionStore(), whileBusy: 'queue' });
  const asked: [string, AgentWarmOptions | undefined][] = [];
  const warm = agent.warm;
  agent.warm = (sessionId, options) => {
    asked.push([sessionId, options]);
    return warm(sessionId, options);
  };
  return { agent, asked };
}

describe('warmCall', () => {
  it('warms the session and queue for a message, the session alone for a resume', () => {
    const { agent, asked } = recordingAgent();
    expect(warmCall(agent, callableRequest({ sessionId: 's1', message: 'hi' }))?.queue).toBeInstanceOf(Promise);
    expect(warmCall(agent, callableRequest({ sessionId: 's1', resume: { respond: [] } }))).toEqual({});
    expect(asked).toEqual([
      ['s1', { queue: true }],
      ['s1', { queue: false }],
    ]);
  });

  it('warms nothing for a stop, a call without a session, or a flow', () => {
    const { agent, asked } = recordingAgent();
    expect(warmCall(agent, callableRequest({ sessionId: 's1', stop: true }))).toBeUndefined();
    expect(warmCall(agent, callableRequest({ message: 'hi' }))).toBeUndefined();
    const flow = defineFlow({ name: 'f', inputSchema: z.string(), outputSchema: z.string() }, async (text) => text);
    expect(warmCall(flow, callableRequest({ sessionId: 's1', message: 'hi' }))).toBeUndefined();
    expect(asked).toEqual([]);
  });
});
