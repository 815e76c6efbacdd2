import type {
  CreateMessageRequestParams,
  InputRequest,
  InputRequiredResult,
  InputResponses,
} from '@modelcontextprotocol/client';
import { z } from 'zod';
import { KitError } from '../errors/index.js';
import type { McpCallRetry } from './mcp-connection.js';
import type { McpSampler } from './mcp-sampling.js';

/**
 * A person's answer to a server's question (an elicitation), as a `restart` of the waiting call
 * carries it in its `metadata`: the form's content (`accept`), or the elicitation's `decline` /
 * `cancel`. The content is checked against the schema the server asked with before it is sent.
 */
export const McpAnswerSchema = z.discriminatedUnion('action', [
  z
    .object({
      action: z.literal('accept'),
      content: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())])).optional(),
    })
    .strict(),
  z.object({ action: z.literal('decline') }).strict(),
  z.object({ action: z.literal('cancel') }).strict(),
]);
export type McpAnswer = z.infer<typeof McpAnswerSchema>;

/** What the card shows of a server's question: a form (message and requested schema) or a URL to open. */
export type McpElicitation =
  | { mode: 'form'; message: string; requestedSchema: Record<string, unknown> }
  | { mode: 'url'; message: string; url: string };

/**
 * What a waiting MCP call keeps (journaled with it, never sent to a client): the server's
 * `requestState`, byte for byte, and the question asked, under the server's key for it.
 */
export interface McpKeptQuestion {
  mcpQuestion: {
    key: string;
    elicitation: McpElicitation;
    requestState?: string;
    /** The answers the kit gave itself in the same round (roots, samples): sent again with the person's. */
    answered: InputResponses;
  };
}

/** A server's question, as the kit asks it of a person, or answers it itself. */
export type McpQuestion =
  | { ask: McpKeptQuestion['mcpQuestion'] }
  /** Everything asked is the kit's to answer (roots, samples): the call goes on at once. */
  | { retry: McpCallRetry };

function elicitationOf(request: InputRequest): McpElicitation | undefined {
  if (request.method !== 'elicitation/create') return undefined;
  const params = request.params as { mode?: string; message: string; url?: string; requestedSchema?: unknown };
  if (params.mode === 'url' && typeof params.url === 'string') {
    return { mode: 'url', message: params.message, url: params.url };
  }
  return {
    mode: 'form',
    message: params.message,
    requestedSchema: (params.requestedSchema ?? { type: 'object', properties: {} }) as Record<string, unknown>,
  };
}

/**
 * How many times in a row the kit answers a server's questions itself (roots, samples) before it
 * gives up on the call; a 2025-11-25 server gets as many samples per call.
 */
export const MAX_OWN_ROUNDS = 8;

/** What the kit needs to answer a server's questions itself: where they come from, and the source's sampler. */
export interface OwnAnswers {
  where: string;
  signal: AbortSignal;
  /** Set when the source answers sampling requests (its `sampling` option). */
  sample?: McpSampler | undefined;
}

/**
 * A server's `input_required` as the kit takes it: roots are answered with none (the kit has no
 * file system to offer), a sampling request through the source's model (refused when it has
 * none), and the first elicitation is asked of a person. A server that asked several gets the
 * others unanswered, and asks again for what it still needs.
 */
export async function questionOf(result: InputRequiredResult, own: OwnAnswers): Promise<McpQuestion> {
  const answered: InputResponses = {};
  let ask: McpKeptQuestion['mcpQuestion'] | undefined;
  for (const [key, request] of Object.entries(result.inputRequests ?? {})) {
    if (request.method === 'roots/list') {
      answered[key] = { roots: [] };
      continue;
    }
    if (request.method === 'sampling/createMessage') {
      if (!own.sample) {
        throw new KitError('unimplemented', `${own.where} asked to sample a model, and this source's sampling is off`);
      }
      answered[key] = await own.sample(request.params as CreateMessageRequestParams, own.signal, own.where);
      continue;
    }
    const elicitation = elicitationOf(request);
    if (elicitation && !ask) ask = { key, elicitation, answered };
  }
  const state = result.requestState === undefined ? {} : { requestState: result.requestState };
  if (ask) return { ask: { ...ask, ...state } };
  return { retry: { inputResponses: answered, ...state } };
}

/** Reads what a waiting call kept, when it is an MCP question (a state of another shape is none). */
export function keptQuestion(kept: Record<string, unknown> | undefined): McpKeptQuestion['mcpQuestion'] | undefined {
  const question = kept?.mcpQuestion as McpKeptQuestion['mcpQuestion'] | undefined;
  return question && typeof question.key === 'string' && question.elicitation ? question : undefined;
}

/** The retry of a call whose question was answered: the answers, and the server's state as it gave it. */
export function retryOf(question: McpKeptQuestion['mcpQuestion'], answer: McpAnswer): McpCallRetry {
  const inputResponses: InputResponses = { ...question.answered, [question.key]: answer };
  return question.requestState === undefined
    ? { inputResponses }
    : { inputResponses, requestState: question.requestState };
}
