import { describe, expect, it } from 'vitest';
import { stampInterrupt } from '../../call-state/index.js';
import { toToolMap } from '../../generate/index.js';
import type { Session } from '../../session/index.js';
import type { Tool, ToolSource } from '../../tools/index.js';
import type { AgentRuntime } from '../runtime/index.js';
import { assertToolsListed } from './assert-tools-listed.js';

const waitingOn = (name: string): Session =>
  ({ interrupts: [stampInterrupt({ toolRequest: { name, ref: 'r1', input: {} } }, true)] }) as unknown as Session;

const source = (listed: boolean | undefined): ToolSource => ({
  kind: 'tool-source',
  name: 'billing',
  tools: () => [],
  ...(listed === undefined ? {} : { listed }),
});

const runtime = (sources: ToolSource[], tools: Tool[] = []): AgentRuntime =>
  ({ toolSources: { fixed: tools, sources, lists: [] }, toolMap: toToolMap(tools) }) as unknown as AgentRuntime;

describe('assertToolsListed', () => {
  it('refuses with unavailable TOOLS_UNAVAILABLE a waiting call of a tool the agent lacks while a source has no list', () => {
    expect(() => assertToolsListed(runtime([source(false)]), waitingOn('refund'), 'interrupted')).toThrow(
      expect.objectContaining({
        code: 'unavailable',
        reason: 'TOOLS_UNAVAILABLE',
        details: expect.objectContaining({ name: 'refund', ref: 'r1' }),
      }),
    );
  });

  it('lets the call through once every source has listed, or when the session waits for nothing', () => {
    expect(() => assertToolsListed(runtime([source(true)]), waitingOn('refund'), 'interrupted')).not.toThrow();
    expect(() => assertToolsListed(runtime([source(undefined)]), waitingOn('refund'), 'interrupted')).not.toThrow();
    expect(() => assertToolsListed(runtime([source(false)]), waitingOn('refund'), 'idle')).not.toThrow();
    expect(() => assertToolsListed(runtime([]), waitingOn('refund'), 'interrupted')).not.toThrow();
  });
});
