import { defineAgent } from '@callable-flows/kit/agent/index.js';
import { mcpTools } from '@callable-flows/kit/mcp/index.js';
import { type McpTestServer, startMcpTestServer } from '@callable-flows/kit/mcp/test-utils/mcp-test-server.js';
import type { Message, ToolResponsePart } from '@callable-flows/kit/model/index.js';
import { scriptedModel } from '@callable-flows/kit/models/scripted/index.js';
import { FirestoreSessionStore, type StoreOperation } from '@callable-flows/kit/session/firestore/index.js';
import { defineTool, type ToolEntry } from '@callable-flows/kit/tools/index.js';
import { Firestore } from '@google-cloud/firestore';
import { z } from 'zod';
import type { BenchTable } from './bench-table.js';
import { measure, quantile } from './measure.js';

const FIRST_USES = 40;
const us = (value: number) => `${Math.round(value)} µs`;
const ms = (value: number) => `${(value / 1000).toFixed(2)} ms`;

/** A model that calls the tool a user message names (`<tool> <json>`) and answers the tool message. */
function callsWhatItIsTold() {
  return scriptedModel((request) => {
    const last = request.messages.at(-1) as Message;
    if (last.role === 'tool') {
      return `done: ${JSON.stringify(last.content.map((p) => (p as ToolResponsePart).toolResponse?.output))}`;
    }
    const text = last.content.map((p) => ('text' in p ? p.text : '')).join('');
    const [name = '', input = '{}'] = text.split(' ');
    return {
      message: { role: 'model', content: [{ toolRequest: { name, input: JSON.parse(input) } }] },
      finishReason: 'stop',
    };
  });
}

/** Writes of one warm turn that calls `tool`, with the agent's tools as given (median of ten turns). */
async function writesPerTurn(tools: ToolEntry[], tool: string): Promise<number> {
  const firestore = new Firestore({ projectId: `demo-bench-mcp-${Date.now().toString(36)}` });
  const ops: StoreOperation[] = [];
  const store = new FirestoreSessionStore({ firestore, prefix: 'mcp_', onOperation: (op) => ops.push(op) });
  const agent = defineAgent({ name: 'bench', model: callsWhatItIsTold(), tools, store });
  const message = `${tool} {"text":"hi"}`;
  const { sessionId } = await agent.send(undefined, { message }, { uid: 'bench' });
  const writes: number[] = [];
  for (let i = 0; i < 10; i++) {
    ops.length = 0;
    await agent.send(sessionId, { message }, { uid: 'bench' });
    writes.push(ops.reduce((n, op) => n + op.writes, 0));
  }
  await firestore.terminate();
  return quantile(
    writes.sort((a, b) => a - b),
    0.5,
  );
}

/** The first uses of `FIRST_USES` sources of `server` (each a new instance's), sorted; `close`: the server is closed after. */
async function firstUsesOf(server: McpTestServer, close: boolean): Promise<number[]> {
  const uses: number[] = [];
  try {
    for (let i = 0; i < FIRST_USES; i++) {
      const source = mcpTools({ url: server.url, name: 'bench' });
      const start = performance.now();
      await source.tools({});
      uses.push((performance.now() - start) * 1000);
      await source.close();
    }
  } finally {
    if (close) await server.close();
  }
  return uses.sort((a, b) => a - b);
}

/**
 * What MCP tools cost on an instance, against the SDK's own server on loopback: the first use
 * (connect, initialize, `tools/list`, the kit tools built), the first in the process apart (it
 * loads the SDK), a warm call of a listed tool beside a local tool's, and a warm turn's MCP
 * requests and Firestore writes.
 */
export async function runMcpBench(): Promise<BenchTable> {
  const server = await startMcpTestServer();
  try {
    const firstInProcess = performance.now();
    const cold = mcpTools({ url: server.url, name: 'bench' });
    await cold.tools({});
    const firstInProcessUs = (performance.now() - firstInProcess) * 1000;
    await cold.close();
    const firstUses = await firstUsesOf(server, false);
    const modernUses = await firstUsesOf(await startMcpTestServer('modern'), true);

    const source = mcpTools({ url: server.url, name: 'bench' });
    const echo = (await source.tools({})).find((t) => t.name === 'echo');
    if (!echo) throw new Error('the bench server lists no echo tool');
    const warm = await measure(
      () => echo.run({ text: 'hi' }, { ref: 'r' }),
      (result) => {
        if (result.output !== 'echo: hi') throw new Error(`unexpected output ${String(result.output)}`);
      },
      { warmup: 100, iterations: 1000 },
    );
    const local = defineTool(
      {
        name: 'local_echo',
        description: 'echo',
        inputSchema: z.object({ text: z.string() }),
        sideEffects: 'idempotent',
      },
      ({ text }) => `echo: ${text}`,
    );
    const localCall = await measure(
      () => local.run({ text: 'hi' }, { ref: 'r' }),
      () => {},
      { warmup: 100, iterations: 1000 },
    );

    const rows: (string | number)[][] = [
      ['first use on an instance, first in the process (SDK loaded)', ms(firstInProcessUs), '', ''],
      [
        `first use on an instance (connect: server/discover probe, then initialize; tools/list), ${FIRST_USES} instances`,
        ms(quantile(firstUses, 0.5)),
        ms(quantile(firstUses, 0.9)),
        '',
      ],
      [
        `first use on an instance of a 2026-07-28 server (server/discover + tools/list), ${FIRST_USES} instances`,
        ms(quantile(modernUses, 0.5)),
        ms(quantile(modernUses, 0.9)),
        '',
      ],
      [
        'warm MCP tool call (`tools/call` on the open connection)',
        us(warm.medianUs),
        us(warm.p90Us),
        us(warm.cpuUsPerIteration),
      ],
      ['the same call as a local tool', us(localCall.medianUs), us(localCall.p90Us), us(localCall.cpuUsPerIteration)],
    ];
    const notes = [
      'Loopback, the SDK’s own (v2) McpServer in the same process (its work counts in the CPU column): a 2025-11-25 server with sessions, and a 2026-07-28 one (createMcpHandler, stateless).',
      'A warm turn with MCP tools listed sends no MCP request beyond its tool calls (proved in kit/src/agent/define-agent.mcp-tools.test.ts).',
    ];
    if (process.env.FIRESTORE_EMULATOR_HOST) {
      const mcpWrites = await writesPerTurn([local, source], 'echo');
      const localWrites = await writesPerTurn([local, source], 'local_echo');
      rows.push(['Firestore writes, warm turn with one MCP call', mcpWrites, '', '']);
      rows.push(['Firestore writes, warm turn with one local tool with effects', localWrites, '', '']);
    } else notes.push('Writes per turn not measured: no FIRESTORE_EMULATOR_HOST.');
    await source.close();
    return { title: 'MCP tools', columns: ['what', 'median', 'p90', 'CPU / call'], rows, notes };
  } finally {
    await server.close();
  }
}
