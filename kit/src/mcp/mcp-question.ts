import { isDeepStrictEqual } from 'node:util';
import type {
  CreateMessageRequestParams,
  InputRequest,
  InputRequiredResult,
  InputResponses,
} from '@modelcontextprotocol/client';
import { z } from 'zod';
import { KitError } from '../errors/index.js';
import type { OwnAnswer, OwnAnswerReading } from '../tools/index.js';
import type { McpCallRetry } from './mcp-connection.js';
import type { McpSampler } from './mcp-sampling.js';

/**
 * A person's answer to a server's question (an elicitation), as the server is sent it: the
 * form's content (`accept`), or the elicitation's `decline` / `cancel`.
 */
export type McpAnswer =
  | { action: 'accept'; content?: Record<string, McpFormValue> }
  | { action: 'decline' }
  | { action: 'cancel' };

/** A value of a form's field, as MCP allows: a string, a number, a boolean, a list of strings. */
type McpFormValue = string | number | boolean | string[];

/** A form's content: an object of field values. */
const FormContentSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]));

/** The `respond` output that dismisses a server's question without a choice: the elicitation's `cancel`. */
export const MCP_CANCEL = 'cancel';

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

/** Checks a form's content against the schema the server asked with: its problem, or none. */
export type McpFormCheck = (
  schema: Record<string, unknown>,
  content: Record<string, McpFormValue>,
) => string | undefined;

/**
 * A person's answer to the server's question `question` as the server is to be sent it: a
 * `decline` is the elicitation's decline, a `respond` of `'cancel'` its cancel, any other
 * `respond` the form's content (checked against the schema the server asked with; a URL's
 * question takes `{}` or nothing: the person opened it). An answer that doesn't fit is refused,
 * saying why: nothing is sent, nothing written.
 */
export function readAnswer(
  question: McpKeptQuestion['mcpQuestion'],
  answer: OwnAnswer,
  check: McpFormCheck,
): OwnAnswerReading {
  if (answer.kind === 'decline') return { resumed: { action: 'decline' } };
  if (answer.output === MCP_CANCEL) return { resumed: { action: 'cancel' } };
  const { elicitation } = question;
  if (elicitation.mode === 'url') {
    const opened = answer.output === undefined || isDeepStrictEqual(answer.output, {});
    return opened
      ? { resumed: { action: 'accept' } }
      : { refused: `must be {} (the page was opened) or '${MCP_CANCEL}'` };
  }
  const parsed = FormContentSchema.safeParse(answer.output);
  if (!parsed.success) {
    return { refused: `must be the form's content (strings, numbers, booleans, lists of strings) or '${MCP_CANCEL}'` };
  }
  const problem = check(elicitation.requestedSchema, parsed.data);
  return problem ? { refused: problem } : { resumed: { action: 'accept', content: parsed.data } };
}

/** The retry of a call whose question was answered: the answers, and the server's state as it gave it. */
export function retryOf(question: McpKeptQuestion['mcpQuestion'], answer: McpAnswer): McpCallRetry {
  const inputResponses: InputResponses = { ...question.answered, [question.key]: answer };
  return question.requestState === undefined
    ? { inputResponses }
    : { inputResponses, requestState: question.requestState };
}
