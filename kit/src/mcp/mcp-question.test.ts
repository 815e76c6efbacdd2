import type { InputRequiredResult } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { isKitError } from '../errors/index.js';
import { MCP_CANCEL, type McpKeptQuestion, questionOf, readAnswer } from './mcp-question.js';
import type { McpSampler } from './mcp-sampling.js';

const where = "tool 'summarize' of MCP server 'notes'";
const signal = new AbortController().signal;
const sampleRequest = {
  method: 'sampling/createMessage',
  params: { maxTokens: 10, messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }] },
} as const;
const asked = (inputRequests: Record<string, unknown>): InputRequiredResult =>
  ({ resultType: 'input_required', inputRequests, requestState: 'st' }) as unknown as InputRequiredResult;

describe('questionOf', () => {
  it('refuses a sampling request as unimplemented when the source has no sampler, even from a server that ignores capabilities', async () => {
    const error = await questionOf(asked({ s: sampleRequest }), { where, signal }).catch((e: unknown) => e);
    expect(isKitError(error) && error.code).toBe('unimplemented');
    expect((error as Error).message).toContain(where);
  });

  it('answers sampling and roots itself and retries at once with the server’s state when nothing asks a person', async () => {
    const seen: unknown[] = [];
    const sample: McpSampler = async (params) => {
      seen.push(params);
      return { role: 'assistant', content: { type: 'text', text: 'yo' }, model: 'm' };
    };
    const question = await questionOf(asked({ s: sampleRequest, r: { method: 'roots/list' } }), {
      where,
      signal,
      sample,
    });
    expect(seen).toEqual([sampleRequest.params]);
    expect(question).toEqual({
      retry: {
        inputResponses: {
          s: { role: 'assistant', content: { type: 'text', text: 'yo' }, model: 'm' },
          r: { roots: [] },
        },
        requestState: 'st',
      },
    });
  });

  it('keeps a sample beside the person’s question, to send again with the answer', async () => {
    const sample: McpSampler = async () => ({ role: 'assistant', content: { type: 'text', text: 'yo' }, model: 'm' });
    const elicit = { method: 'elicitation/create', params: { message: 'Sure?', requestedSchema: { type: 'object' } } };
    const question = await questionOf(asked({ s: sampleRequest, q: elicit }), { where, signal, sample });
    expect(question).toMatchObject({ ask: { key: 'q', requestState: 'st', answered: { s: { model: 'm' } } } });
  });
});

describe('readAnswer', () => {
  const form: McpKeptQuestion['mcpQuestion'] = {
    key: 'f',
    elicitation: { mode: 'form', message: 'Who?', requestedSchema: { type: 'object' } },
    answered: {},
  };
  const url: McpKeptQuestion['mcpQuestion'] = {
    key: 'u',
    elicitation: { mode: 'url', message: 'Open', url: 'https://example.com' },
    answered: {},
  };
  const fits = () => undefined;

  it('reads a decline as the elicitation’s decline, the explicit cancel as its cancel, and a form as accept', () => {
    expect(readAnswer(form, { kind: 'decline', reason: 'no' }, fits)).toEqual({ resumed: { action: 'decline' } });
    expect(readAnswer(form, { kind: 'respond', output: MCP_CANCEL }, fits)).toEqual({ resumed: { action: 'cancel' } });
    expect(readAnswer(form, { kind: 'respond', output: { name: 'Ann', tags: ['a'] } }, fits)).toEqual({
      resumed: { action: 'accept', content: { name: 'Ann', tags: ['a'] } },
    });
    expect(readAnswer(url, { kind: 'respond', output: {} }, fits)).toEqual({ resumed: { action: 'accept' } });
  });

  it('refuses what is no form’s content, a URL’s answer with content, and a form its check finds wrong', () => {
    expect(readAnswer(form, { kind: 'respond', output: 'sent' }, fits)).toHaveProperty('refused');
    expect(readAnswer(form, { kind: 'respond', output: { deep: { x: 1 } } }, fits)).toHaveProperty('refused');
    expect(readAnswer(url, { kind: 'respond', output: { opened: true } }, fits)).toHaveProperty('refused');
    expect(readAnswer(form, { kind: 'respond', output: {} }, () => 'name is required')).toEqual({
      refused: 'name is required',
    });
  });
});
