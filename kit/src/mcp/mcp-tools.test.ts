import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isKitError } from '../errors/index.js';
import type { Tool } from '../tools/index.js';
import { MCP_CALL_REF_META } from './mcp-options.js';
import { mcpTools } from './mcp-tools.js';
import { type McpTestServer, PIXEL, startListingServer, startMcpTestServer } from './test-utils/mcp-test-server.js';

let server: McpTestServer;
const sources: { close(): Promise<void> }[] = [];
beforeAll(async () => {
  server = await startMcpTestServer();
});
afterAll(async () => {
  await Promise.all(sources.map((s) => s.close()));
  await server.close();
});

function source(options: Omit<Parameters<typeof mcpTools>[0], 'url'> = {}, url = server.url) {
  const made = mcpTools({ url, name: 'test', ...options });
  sources.push(made);
  return made;
}

async function toolsOf(s: ReturnType<typeof mcpTools>, context = {}): Promise<Map<string, Tool>> {
  return new Map((await s.tools(context)).map((t) => [t.name, t]));
}

function run(tool: Tool | undefined, input: unknown, context = {}) {
  if (!tool) throw new Error('no such tool');
  return tool.run(input, { ref: 'r1', context });
}

async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isKitError(error)) throw new Error(`expected a kit error, got ${String(error)}`);
  return { code: error.code, message: error.message };
}

const count = (method: string) => server.methods.filter((m) => m === method).length;

describe('mcpTools', () => {
  it('lists the tools once per source and offers each with the server’s JSON Schema when used again', async () => {
    const s = source();
    const lists = count('tools/list');
    const first = await s.tools({});
    const again = s.tools({});
    expect(again).toBe(first);
    expect(count('tools/list')).toBe(lists + 1);
    const echo = first.find((t) => t.name === 'echo');
    expect(echo?.definition).toMatchObject({
      name: 'echo',
      description: 'says the text back',
      inputSchema: { type: 'object', properties: { text: { type: 'string', minLength: 1 } }, required: ['text'] },
    });
    expect(first.find((t) => t.name === 'weather')?.definition.outputSchema).toMatchObject({
      properties: { celsius: { type: 'number' } },
    });
  });

  it('turns text into the output, structured content into the output and images into media parts when called', async () => {
    const tools = await toolsOf(source());
    expect(await run(tools.get('echo'), { text: 'hi' })).toEqual({ output: 'echo: hi' });
    expect(await run(tools.get('tick'), undefined)).toEqual({ output: 'tick' });
    expect(await run(tools.get('weather'), { city: 'Cork' })).toEqual({ output: { city: 'Cork', celsius: 21 } });
    expect(await run(tools.get('picture'), {})).toEqual({
      output: 'a pixel',
      content: [{ media: { url: `data:image/png;base64,${PIXEL}`, contentType: 'image/png' } }],
    });
  });

  it('refuses input that breaks the tool’s schema before anything is sent when the model gets it wrong', async () => {
    const tools = await toolsOf(source());
    const calls = count('tools/call');
    expect(await failure(run(tools.get('echo'), { text: '' }))).toMatchObject({
      code: 'invalid-argument',
      message: expect.stringContaining("input for tool 'echo'"),
    });
    expect(await failure(run(tools.get('echo'), { words: 'hi' }))).toMatchObject({ code: 'invalid-argument' });
    expect(count('tools/call')).toBe(calls);
  });

  it('fails the call with the server’s words, its credentials cut out, when the result is an error', async () => {
    const token = 'Bearer s3cret-token-value-123';
    const tools = await toolsOf(source({ headers: () => ({ authorization: token }) }));
    const failed = await failure(run(tools.get('fail'), {}));
    expect(failed.code).toBe('unknown');
    expect(failed.message).toContain("tool 'fail' of MCP server 'test' failed: no access for");
    expect(failed.message).not.toContain('s3cret-token-value-123');
    expect(server.authorizations).toContain(token);
  });

  it('ends a call at its timeout and cancels it on the server when the tool is slow', async () => {
    const tools = await toolsOf(source({ timeoutMs: 200 }));
    expect(await failure(run(tools.get('slow'), {}))).toMatchObject({
      code: 'deadline-exceeded',
      message: expect.stringContaining('timed out after 200 ms'),
    });
    await vi.waitFor(() => expect(server.methods).toContain('notifications/cancelled'));
  });

  it('fails the call as unavailable and connects again for the next one when the connection drops mid-call', async () => {
    const tools = await toolsOf(source());
    expect(await failure(run(tools.get('hangup'), {}))).toMatchObject({
      code: 'unavailable',
      message: expect.stringContaining("tool 'hangup' of MCP server 'test' could not be reached"),
    });
    const inits = count('initialize');
    expect(await run(tools.get('echo'), { text: 'again' })).toEqual({ output: 'echo: again' });
    expect(count('initialize')).toBe(inits + 1);
  });

  it('keeps only the allowed tools, under the prefix, when allow and prefix are given', async () => {
    const named = await source({ allow: ['echo', 'tick'], prefix: 'crm_' }).tools({});
    expect(named.map((t) => t.name)).toEqual(['crm_echo', 'crm_tick']);
    expect(await run(named[0], { text: 'x' })).toEqual({ output: 'echo: x' });
    const picked = await source({ allow: (tool) => tool.annotations?.readOnlyHint === true }).tools({});
    expect(picked.map((t) => t.name)).toEqual(['weather']);
  });

  it('journals every tool as one with effects unless the app trusts a read-only hint', async () => {
    const plain = await toolsOf(source());
    expect(plain.get('weather')?.config.sideEffects).toBe('idempotent');
    expect(plain.get('echo')?.config.sideEffects).toBe('idempotent');
    const trusting = await toolsOf(source({ trustReadOnlyHints: true }));
    expect(trusting.get('weather')?.config.sideEffects).toBe('none');
    expect(trusting.get('echo')?.config.sideEffects).toBe('idempotent');
  });

  it('sends each call’s ref in the request’s _meta, so a server can apply a call once', async () => {
    const tools = await toolsOf(source());
    const from = server.calls.length;
    await run(tools.get('echo'), { text: 'once' });
    expect(server.calls.slice(from)).toEqual([
      expect.objectContaining({ name: 'echo', meta: { [MCP_CALL_REF_META]: 'r1' } }),
    ]);
  });

  it('interrupts with the call described before it runs, and runs it once restarted, when the tool needs approval', async () => {
    const tools = await toolsOf(
      source({ approval: (tool, input) => tool.name === 'refund' && Number(input.cents) > 100 }),
    );
    const refund = tools.get('refund');
    const runs = server.runs.get('refund') ?? 0;
    expect(await run(refund, { orderId: 'A', cents: 50 })).toEqual({ output: 'refunded 50 on A' });
    const asked = await refund?.run({ orderId: 'B', cents: 500 }, { ref: 'r2' }).catch((e: unknown) => e);
    expect(asked).toMatchObject({
      metadata: {
        title: 'Allow refund on test?',
        summary: 'refunds an order',
        consequence: 'This may change or delete data on test.',
        mcp: { server: 'test', tool: 'refund', annotations: { destructiveHint: true } },
      },
    });
    expect(server.runs.get('refund')).toBe(runs + 1);
    expect(await refund?.run({ orderId: 'B', cents: 500 }, { ref: 'r2', resumed: true })).toEqual({
      output: 'refunded 500 on B',
    });
    expect(server.runs.get('refund')).toBe(runs + 2);
  });

  it('puts the app’s words over the defaults, but never over which call it is, when it shapes the approval', async () => {
    const tools = await toolsOf(
      source({
        approval: true,
        approvalMetadata: (tool, input) => ({
          title: `Refund ${String(input.cents)} cents?`,
          mcp: 'forged',
          tool: tool.name,
        }),
      }),
    );
    const asked = await tools
      .get('refund')
      ?.run({ orderId: 'B', cents: 500 }, { ref: 'r3' })
      .catch((e: unknown) => e);
    expect(asked).toMatchObject({
      metadata: { title: 'Refund 500 cents?', summary: 'refunds an order', tool: 'refund', mcp: { tool: 'refund' } },
    });
  });

  it('lists again after the server says its tools changed', async () => {
    const s = source();
    const before = await s.tools({});
    server.addTool('added');
    await vi.waitFor(async () => expect(await s.tools({})).not.toBe(before));
    const after = await toolsOf(s);
    expect(await run(after.get('added'), {})).toEqual({ output: 'added' });
  });

  it('lists again on each use when the TTL has passed', async () => {
    const s = source({ listTtlMs: 0 });
    const lists = count('tools/list');
    await s.tools({});
    await s.tools({});
    expect(count('tools/list')).toBe(lists + 2);
  });
});

describe('mcpTools with a careless server', () => {
  it('skips a tool whose name the kit can’t offer or whose schema can’t compile, and offers the others', async () => {
    const careless = await startListingServer([
      { name: 'good', inputSchema: { type: 'object', properties: { q: { type: 'string' } } } },
      { name: '9lives', inputSchema: { type: 'object' } },
      { name: 'broken', inputSchema: { type: 'object', properties: { q: { type: 'bogus' } } } },
    ]);
    const s = mcpTools({ url: careless.url, name: 'careless' });
    sources.push(s);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const tools = await s.tools({});
      expect(tools.map((t) => t.name)).toEqual(['good']);
      expect(await run(tools[0], { q: 'x' })).toEqual({ output: 'ran good' });
      expect(warn.mock.calls.map(([line]) => line)).toEqual([
        expect.stringContaining("tool '9lives' skipped (invalid tool name '9lives')"),
        expect.stringContaining("tool 'broken' skipped"),
      ]);
    } finally {
      warn.mockRestore();
      await careless.close();
    }
  });
});

describe('mcpTools approval words', () => {
  it('sums a long description up in its first paragraph, cut short, when it asks for approval', async () => {
    const long = `${'Refunds an order. '.repeat(40)}\n\nDetails for the model only.`;
    const wordy = await startListingServer([{ name: 'refund', description: long, inputSchema: { type: 'object' } }]);
    const s = mcpTools({ url: wordy.url, name: 'wordy', approval: true });
    sources.push(s);
    try {
      const [refund] = await s.tools({});
      const asked = (await refund?.run({}, { ref: 'r1' }).catch((e: unknown) => e)) as {
        metadata: { summary: string };
      };
      expect(asked.metadata.summary.length).toBe(400);
      expect(asked.metadata.summary).toMatch(/^Refunds an order\. .*…$/);
      expect(asked.metadata.summary).not.toContain('Details');
    } finally {
      await wordy.close();
    }
  });
});

describe('mcpTools with a server that answers with JSON-RPC errors', () => {
  it('fails the call as invalid-argument when the server refuses the arguments, and as unknown for another error', async () => {
    const { ProtocolError } = await import('@modelcontextprotocol/server');
    const refusing = await startListingServer(
      [
        { name: 'picky', inputSchema: { type: 'object' } },
        { name: 'broken', inputSchema: { type: 'object' } },
      ],
      (name) => {
        throw name === 'picky'
          ? new ProtocolError(-32602, 'orderId is unknown')
          : new ProtocolError(-32603, 'database gone');
      },
    );
    const s = mcpTools({ url: refusing.url, name: 'refusing' });
    sources.push(s);
    try {
      const tools = await toolsOf(s);
      expect(await failure(run(tools.get('picky'), {}))).toEqual({
        code: 'invalid-argument',
        message: "tool 'picky' of MCP server 'refusing' refused the call: orderId is unknown (JSON-RPC -32602)",
      });
      expect(await failure(run(tools.get('broken'), {}))).toMatchObject({
        code: 'unknown',
        message: "tool 'broken' of MCP server 'refusing' refused the call: database gone (JSON-RPC -32603)",
      });
    } finally {
      await refusing.close();
    }
  });
});

describe('mcpTools with a server that is down', () => {
  it('offers no tools, and lists them once the server is back, when the first listing fails', async () => {
    const down = await startMcpTestServer();
    await down.stop();
    const s = mcpTools({ url: down.url });
    sources.push(s);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      expect(await s.tools({})).toEqual([]);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('could not be listed'));
    } finally {
      warn.mockRestore();
    }
    await down.restart();
    expect((await s.tools({})).length).toBeGreaterThan(0);
    await down.close();
  });

  it('fails a call as unavailable while the server is down and answers again once it restarts', async () => {
    const flaky = await startMcpTestServer();
    const s = mcpTools({ url: flaky.url, name: 'flaky' });
    sources.push(s);
    const echo = (await toolsOf(s)).get('echo');
    await flaky.stop();
    expect(await failure(run(echo, { text: 'x' }))).toMatchObject({ code: 'unavailable' });
    await flaky.restart();
    expect(await run(echo, { text: 'back' })).toEqual({ output: 'echo: back' });
    await flaky.close();
  });

  it('opens a new session and sends the call once more when a restarted server no longer knows the session', async () => {
    const restarted = await startMcpTestServer();
    const s = mcpTools({ url: restarted.url, name: 'restarted' });
    sources.push(s);
    const echo = (await toolsOf(s)).get('echo');
    expect(await run(echo, { text: 'one' })).toEqual({ output: 'echo: one' });
    restarted.forgetSessions();
    const inits = restarted.methods.filter((m) => m === 'initialize').length;
    expect(await run(echo, { text: 'two' })).toEqual({ output: 'echo: two' });
    expect(restarted.runs.get('echo')).toBe(2);
    expect(restarted.methods.filter((m) => m === 'initialize').length).toBe(inits + 1);
    await restarted.close();
  });
});
