import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { KitError } from '../errors/index.js';
import type { ToolRequestPart } from '../model/index.js';
import { testTools } from '../test-utils/protocol-tools.js';
import { defineTool, PromiseSink, type Tool } from '../tools/index.js';
import {
  runToolCall,
  ToolCallRecord,
  type ToolCallScope,
  type ToolOutcome,
  toolErrorResponse,
} from './execute-tool-call.js';
import type { ToolMiddleware } from './generate-options.js';
import { toToolMap } from './to-tool-map.js';

/** A call's record read as a promise of its outcome. */
class PromisedCall extends ToolCallRecord {
  readonly sink = new PromiseSink<ToolOutcome>();
  override deliver(outcome: ToolOutcome): void {
    this.sink.settle(outcome);
  }
  override reject(error: unknown): void {
    this.sink.fail(error);
  }
}

/** runToolCall as a promise of the call's outcome. */
function executeToolCall(
  part: ToolRequestPart & { toolRequest: { ref: string } },
  resumed: Record<string, unknown> | true | undefined,
  scope: ToolCallScope,
): Promise<ToolOutcome> {
  const call = new PromisedCall(part.toolRequest, scope);
  runToolCall(call, resumed);
  return call.sink.promise();
}

const failing = defineTool({ name: 'failing', description: 'Always fails.', inputSchema: z.object({}) }, () => {
  throw new Error('bad key sk-abcdefghijklmnopqrstuvwxyz012345');
});
const strict = defineTool(
  { name: 'strict', description: 'Fails the turn.', inputSchema: z.object({}), onError: 'throw' },
  () => {
    throw new KitError('unavailable', 'backend down');
  },
);

function scope(over: Partial<ToolCallScope> = {}): ToolCallScope & { calls: ReturnType<typeof testTools>['calls'] } {
  const tools = testTools();
  return {
    tools: toToolMap([...tools.all, failing, strict]),
    context: {},
    signal: undefined,
    middleware: [],
    calls: tools.calls,
    ...over,
  };
}

const call = (name: string, input: unknown = {}, ref = 'r1') => ({ toolRequest: { name, ref, input } });

describe('executeToolCall', () => {
  it('answers with the tool’s output when the call succeeds', async () => {
    const outcome = await executeToolCall(call('lookup', { id: 'abc' }), undefined, scope());
    expect(outcome).toEqual({ response: { toolResponse: { name: 'lookup', ref: 'r1', output: { value: 3 } } } });
  });

  it('answers with a question for a person when the tool interrupts', async () => {
    const outcome = await executeToolCall(call('guarded', { id: 'q' }), undefined, scope());
    expect(outcome).toEqual({ interrupt: { reason: 'approval needed', id: 'q' } });
  });

  it('runs the tool as resumed when the call was approved', async () => {
    const s = scope();
    const outcome = await executeToolCall(call('guarded', { id: 'q' }), { by: 'alice' }, s);
    expect(outcome.response?.toolResponse.output).toEqual({ value: 1 });
    expect(s.calls[0]?.resumed).toEqual({ by: 'alice' });
  });

  it('tells the model which tools exist when it calls an unknown one', async () => {
    const outcome = await executeToolCall(call('nope'), undefined, scope());
    expect(outcome.response?.toolResponse.output).toEqual({
      error: expect.stringContaining("unknown tool 'nope'; the tools are: lookup, confirm, guarded"),
    });
  });

  it('tells the model the error, with secrets redacted, when the tool fails', async () => {
    const outcome = await executeToolCall(call('failing'), undefined, scope());
    const output = outcome.response?.toolResponse.output as { error: string };
    expect(output.error).toContain('bad key');
    expect(output.error).not.toContain('sk-abcdefghijklmnopqrstuvwxyz012345');
    expect(outcome.response?.metadata).toEqual({ toolError: { code: 'unknown' } });
  });

  it('tells the model which field is wrong when the input does not parse', async () => {
    const outcome = await executeToolCall(call('lookup', { id: 7 }), undefined, scope());
    expect(outcome.response?.metadata?.toolError).toMatchObject({ code: 'invalid-argument' });
  });

  it('throws the error when the tool says onError: throw', async () => {
    await expect(executeToolCall(call('strict'), undefined, scope())).rejects.toMatchObject({ code: 'unavailable' });
  });

  it('throws an abort when the call’s signal is aborted and the tool fails', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      executeToolCall(call('failing'), undefined, scope({ signal: controller.signal })),
    ).rejects.toMatchObject({
      code: 'aborted',
      details: { reason: 'CANCELLED' },
    });
  });

  it('runs the middleware outermost first around the tool when some is given', async () => {
    const order: string[] = [];
    const step =
      (name: string): ToolMiddleware =>
      async (c, next) => {
        order.push(`${name}:${c.request.name}`);
        return next();
      };
    const outcome = await executeToolCall(
      call('lookup', { id: 'a' }),
      undefined,
      scope({ middleware: [step('outer'), step('inner')] }),
    );
    expect(order).toEqual(['outer:lookup', 'inner:lookup']);
    expect(outcome.response?.toolResponse.output).toEqual({ value: 1 });
  });

  it('turns a middleware that throws before running into a response when the tool does not throw', async () => {
    const broken: ToolMiddleware = () => {
      throw new Error('middleware broke');
    };
    const outcome = await executeToolCall(call('lookup', { id: 'a' }), undefined, scope({ middleware: [broken] }));
    expect(outcome.response?.toolResponse.output).toEqual({ error: 'middleware broke' });
  });

  it('runs a copy of a tool through the copy’s own run when the tool is spread with a new run', async () => {
    const tools = testTools();
    const wrapped: Tool = {
      ...tools.lookup,
      run: async () => ({ output: { value: 42 } }),
    };
    const outcome = await executeToolCall(call('lookup', { id: 'a' }), undefined, {
      tools: toToolMap([wrapped]),
      context: {},
      signal: undefined,
      middleware: [],
    });
    expect(outcome.response?.toolResponse.output).toEqual({ value: 42 });
    expect(tools.calls).toEqual([]);
  });
});

describe('runToolCall', () => {
  it('tells the record the outcome before returning when the tool answers at once', () => {
    const outcomes: ToolOutcome[] = [];
    const record = new (class extends ToolCallRecord {
      override deliver(outcome: ToolOutcome): void {
        outcomes.push(outcome);
      }
      override reject(error: unknown): void {
        throw error;
      }
    })({ name: 'lookup', ref: 'r1', input: { id: 'abc' } }, scope());
    runToolCall(record, undefined);
    expect(outcomes).toEqual([{ response: { toolResponse: { name: 'lookup', ref: 'r1', output: { value: 3 } } } }]);
  });
});

describe('toolErrorResponse', () => {
  it('keeps the kit error’s code and fields when the error is a KitError', () => {
    const error = new KitError('invalid-argument', 'bad', { details: { fields: [{ path: 'id', message: 'no' }] } });
    expect(toolErrorResponse({ name: 't', input: {} }, error)).toEqual({
      toolResponse: { name: 't', output: { error: 'bad' } },
      metadata: { toolError: { code: 'invalid-argument', fields: [{ path: 'id', message: 'no' }] } },
    });
  });
});
