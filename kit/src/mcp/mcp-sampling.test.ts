import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isKitError } from '../errors/index.js';
import { scriptedModel } from '../models/scripted/index.js';
import type { Tool } from '../tools/index.js';
import { MAX_OWN_ROUNDS } from './mcp-question.js';
import { samplingRequest, samplingResult } from './mcp-sampling.js';
import { mcpTools } from './mcp-tools.js';
import { type McpTestEra, type McpTestServer, PIXEL, startMcpTestServer } from './test-utils/mcp-test-server.js';

// A server's request to sample a model (2026-07-28: in an `input_required`; 2025-11-25: mid-call),
// answered by the kit through the source's model when its `sampling` option is set.

const servers = new Map<McpTestEra, McpTestServer>();
const sources: { close(): Promise<void> }[] = [];
beforeAll(async () => {
  servers.set('modern', await startMcpTestServer('modern'));
  servers.set('legacy', await startMcpTestServer('legacy'));
});
afterAll(async () => {
  await Promise.all(sources.map((s) => s.close()));
  await Promise.all([...servers.values()].map((s) => s.close()));
});

async function toolOf(era: McpTestEra, name: string, options: Partial<Parameters<typeof mcpTools>[0]> = {}) {
  const server = servers.get(era) as McpTestServer;
  const source = mcpTools({ url: server.url, name: 'notes', ...options });
  sources.push(source);
  const tool = (await source.tools({})).find((t) => t.name === name) as Tool;
  return { server, tool };
}

async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isKitError(error)) throw new Error(`expected a kit error, got ${String(error)}`);
  return { code: error.code, message: error.message };
}

describe.each(['modern', 'legacy'] as const)('a server’s sampling request (%s)', (era) => {
  it('is answered through the source’s model, the server’s messages as the kit’s and its limit under the app’s', async () => {
    const model = scriptedModel(['five short words, no more'], { name: 'notes-model' });
    const { server, tool } = await toolOf(era, 'summarize', { sampling: { model, maxTokens: 200 } });
    const result = await tool.run({ text: 'a long report' }, { ref: `s-${era}`, context: {} });
    expect(result).toEqual({ output: 'summary (notes-model): five short words, no more' });
    expect(model.requests).toHaveLength(1);
    expect(model.requests[0]).toEqual({
      messages: [
        { role: 'system', content: [{ text: 'Answer in five words.' }] },
        { role: 'user', content: [{ text: 'Summarize: a long report' }] },
        { role: 'user', content: [{ media: { url: `data:image/png;base64,${PIXEL}`, contentType: 'image/png' } }] },
      ],
      config: { maxOutputTokens: 200, temperature: 0.2 },
    });
    expect(server.runs.get('summarize')).toBeGreaterThan(0);
  });

  it('fails the call as unimplemented, the model untouched, when the source’s sampling is off', async () => {
    const { server, tool } = await toolOf(era, 'summarize');
    const runs = server.runs.get('summarize') ?? 0;
    const failed = await failure(tool.run({ text: 'x' }, { ref: `off-${era}`, context: {} }));
    // No capability is said: a 2026-07-28 server refuses the call (-32021); a 2025-11-25 server's
    // request is refused by the client, and the tool fails with it.
    expect(failed.code).toBe(era === 'modern' ? 'unimplemented' : 'unknown');
    expect(failed.message).toMatch(era === 'modern' ? /do not declare the required capability/ : /Method not found/);
    expect(server.runs.get('summarize') ?? 0).toBe(runs);
  });
});

describe('a 2026-07-28 server’s sampling request', () => {
  it('is answered with the sample and the roots, the server’s state byte for byte, in the spec’s result shape', async () => {
    const model = scriptedModel([{ message: { role: 'model', content: [{ text: 'cut' }] }, finishReason: 'length' }]);
    const { server, tool } = await toolOf('modern', 'summarize', { sampling: { model } });
    await tool.run({ text: 'long' }, { ref: 'shape', context: {} });
    const retried = server.calls.filter((c) => c.name === 'summarize').at(-1);
    expect(retried?.requestState).toBe(server.minted.at(-1));
    expect(retried?.inputResponses).toEqual({
      roots: { roots: [] },
      sample: { role: 'assistant', content: { type: 'text', text: 'cut' }, model: 'scripted', stopReason: 'maxTokens' },
    });
    // The server's 5000 under the default cap.
    expect(model.requests[0]?.config).toMatchObject({ maxOutputTokens: 1024 });
  });

  it('gives up on a server that asks for samples round after round, the model asked a bounded number of times', async () => {
    const model = scriptedModel(() => 'again');
    const { tool } = await toolOf('modern', 'ruminate', { sampling: { model } });
    const failed = await failure(tool.run({}, { ref: 'loop', context: {} }));
    expect(failed.code).toBe('aborted');
    expect(failed.message).toMatch(/kept asking/);
    expect(model.requests).toHaveLength(MAX_OWN_ROUNDS);
  });
});

describe('a 2025-11-25 server’s sampling requests', () => {
  it('are answered at most MAX_OWN_ROUNDS times per call, then refused, afresh for the next call', async () => {
    const model = scriptedModel(() => 'again');
    const { tool } = await toolOf('legacy', 'ruminate', { sampling: { model } });
    expect(await tool.run({}, { ref: 'legacy-loop', context: {} })).toEqual({
      output: `sampled ${MAX_OWN_ROUNDS} times`,
    });
    expect(model.requests).toHaveLength(MAX_OWN_ROUNDS);
    expect(await tool.run({}, { ref: 'legacy-loop-2', context: {} })).toEqual({
      output: `sampled ${MAX_OWN_ROUNDS} times`,
    });
  });
});

describe('mcpTools sampling options', () => {
  it('refuses a maxTokens that is not a positive integer', () => {
    const model = scriptedModel('x');
    for (const maxTokens of [0, -1, 1.5]) {
      expect(() => mcpTools({ url: 'http://127.0.0.1:1/mcp', sampling: { model, maxTokens } })).toThrow(/maxTokens/);
    }
  });
});

describe('the sampling mapping', () => {
  const where = "MCP server 'notes'";
  const model = scriptedModel('x');

  it('maps the assistant’s turns to the model’s and refuses tool content, which the kit never offered', () => {
    const request = samplingRequest(
      { model },
      {
        maxTokens: 10,
        stopSequences: ['END'],
        messages: [
          { role: 'user', content: { type: 'text', text: 'q' } },
          { role: 'assistant', content: [{ type: 'text', text: 'a' }] },
        ],
      },
      where,
    );
    expect(request).toEqual({
      messages: [
        { role: 'user', content: [{ text: 'q' }] },
        { role: 'model', content: [{ text: 'a' }] },
      ],
      config: { maxOutputTokens: 10, stopSequences: ['END'] },
    });
    const withTool = {
      maxTokens: 10,
      messages: [{ role: 'assistant' as const, content: { type: 'tool_use' as const, id: '1', name: 't', input: {} } }],
    };
    expect(() => samplingRequest({ model }, withTool, where)).toThrow(/tool_use/);
  });

  it('says why the model stopped in the spec’s words, and its own reason otherwise', () => {
    const said = (finishReason: 'stop' | 'length' | 'other') =>
      samplingResult('m', { message: { role: 'model', content: [{ text: 'hi' }] }, finishReason }).stopReason;
    expect([said('stop'), said('length'), said('other')]).toEqual(['endTurn', 'maxTokens', 'other']);
  });

  it('fails the call, sending the server nothing, when the model was blocked', async () => {
    const blocked = scriptedModel([{ finishReason: 'blocked' }]);
    const { tool } = await toolOf('modern', 'summarize', { sampling: { model: blocked } });
    const failed = await failure(tool.run({ text: 'x' }, { ref: 'blocked', context: {} }));
    expect(failed).toMatchObject({ code: 'aborted', message: expect.stringMatching(/did not answer.*blocked/) });
  });
});
