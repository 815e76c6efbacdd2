import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineAgent } from '../agent/index.js';
import type { GenerateRequest } from '../model/index.js';
import { scriptedModel } from '../models/scripted/index.js';
import { InMemorySessionStore } from '../session/index.js';
import { defineTool } from '../tools/index.js';
import { onCallFlow } from './on-call-flow.js';
import { callableRequest, recordingResponse } from './test-utils/callable-request.js';

// The repro of the issue: a payment tool whose downstream error quotes a live key and an
// internal URL with its key. None of it may leave the server, by any path.
const STRIPE_KEY = 'sk_live_51HxYzAbCdEfGhIjKlMnOp';
const INTERNAL_KEY = 'int3rnal-k3y-42';
const THROWN = `charge failed: ${STRIPE_KEY} refused at http://payments.internal:8080/v1/charge?key=${INTERNAL_KEY}`;

function chargeAgent() {
  const store = new InMemorySessionStore();
  const charge = defineTool(
    { name: 'charge', description: 'Charges the card.', inputSchema: z.object({ cents: z.number() }) },
    () => {
      throw new Error(THROWN);
    },
  );
  // A model that repeats what the tool said, as a real one may.
  const model = scriptedModel((request: GenerateRequest) => {
    const last = request.messages.at(-1);
    if (last?.role !== 'tool') {
      return {
        message: { role: 'model', content: [{ toolRequest: { name: 'charge', ref: 'c1', input: { cents: 500 } } }] },
        finishReason: 'stop',
      };
    }
    return `The tool said: ${JSON.stringify(last.content)}`;
  });
  const agent = defineAgent({ name: 'payer', model, tools: [charge], store });
  return { fn: onCallFlow({}, agent), model, store };
}

describe('onCallFlow tool-error redaction', () => {
  it('keeps a secret a tool error quotes out of the stream, the model, the result and the store', async () => {
    const { fn, model, store } = chargeAgent();
    const response = recordingResponse();
    const result = await fn.run(
      callableRequest({ message: 'pay 5' }, { uid: 'alice', acceptsStreaming: true }),
      response,
    );
    const stored = await store.load(result.sessionId);

    const seen = {
      stream: JSON.stringify(response.chunks),
      model: JSON.stringify(model.requests),
      result: JSON.stringify(result),
      store: JSON.stringify(stored?.session),
    };
    for (const [where, text] of Object.entries(seen)) {
      expect(text, where).not.toContain(STRIPE_KEY);
      expect(text, where).not.toContain(INTERNAL_KEY);
    }
    // The error still reaches the model, in words it can act on.
    expect(seen.model).toContain('charge failed: [redacted]');
    expect(seen.stream).toContain('key=[redacted]');
    expect(result.text).toContain('[redacted]');
  });
});
