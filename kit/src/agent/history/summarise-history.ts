import { generate } from '../../generate/index.js';
import type { Message, Model, Part, Usage } from '../../model/index.js';

const MAX_VALUE_CHARS = 2000;

function short(value: unknown): string {
  const text = JSON.stringify(value) ?? 'null';
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS)}…` : text;
}

function renderPart(part: Part): string {
  if ('text' in part) return part.text;
  if ('toolRequest' in part) return `[called ${part.toolRequest.name}(${short(part.toolRequest.input)})]`;
  if ('toolResponse' in part) return `[${part.toolResponse.name} returned ${short(part.toolResponse.output)}]`;
  if ('media' in part) return `[media ${part.media.contentType ?? ''}]`;
  if ('data' in part) return `[data ${short(part.data)}]`;
  return '';
}

/** A conversation as plain text for a summariser: who said what, which tools ran with what result. */
export function renderTranscript(messages: readonly Message[]): string {
  return messages.map((m) => `${m.role}: ${m.content.map(renderPart).filter(Boolean).join(' ')}`).join('\n');
}

/** What {@link summariseHistory} needs. */
export interface SummariseOptions {
  model: Model;
  instructions: string;
  /** The summary of what came before `messages`, folded into the new one. */
  previous?: string;
  messages: readonly Message[];
  maxChars: number;
  signal?: AbortSignal;
}

/** Asks the model for a summary of `messages` (and the previous summary). */
export async function summariseHistory(options: SummariseOptions): Promise<{ text: string; usage: Usage }> {
  const before = options.previous ? `Summary so far:\n${options.previous}\n\n` : '';
  const result = await generate({
    model: options.model,
    system: options.instructions,
    prompt: `${before}Conversation to add to the summary:\n${renderTranscript(options.messages)}`,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return { text: result.text.slice(0, options.maxChars), usage: result.usage };
}
