import type { HistoryOptions } from '@callable-flows/kit/agent/index.js';
import type { GenerateRequest, Model } from '@callable-flows/kit/model/index.js';
import { withMiddleware } from '@callable-flows/kit/model/index.js';
import { gemini } from '@callable-flows/kit/models/gemini/index.js';
import { scriptedModel } from '@callable-flows/kit/models/scripted/index.js';
import { flowResilience } from './flow-resilience.js';

/** The model that writes the example agents' history summaries when a key is set (`GEMINI_SUMMARY_MODEL`). */
export const FLOW_SUMMARY_MODEL = 'gemini-2.5-flash-lite';
/** User turns the example agents send whole; older ones go as a summary. */
export const FLOW_KEEP_TURNS = 6;
const OFFLINE_SUMMARY_CHARS = 4_000;

/** The offline summary: the end of the transcript it was given (no model, nothing invented). */
function tailOfTranscript(request: GenerateRequest): string {
  const prompt =
    request.messages
      .at(-1)
      ?.content.map((p) => ('text' in p ? p.text : ''))
      .join('') ?? '';
  return prompt.slice(-OFFLINE_SUMMARY_CHARS);
}

/** The model that summarises an example agent's older turns: flash-lite, or offline the transcript's tail. */
export function flowSummaryModel(flow: string): Model {
  if (process.env.GEMINI_API_KEY) {
    const model = gemini({
      model: process.env.GEMINI_SUMMARY_MODEL ?? FLOW_SUMMARY_MODEL,
      apiKey: () => process.env.GEMINI_API_KEY,
    });
    return withMiddleware(model, flowResilience([]));
  }
  return scriptedModel(tailOfTranscript, { name: `scripted/${flow}-summary`, record: false });
}

/**
 * The example agents' history: compressed, so that what a turn sends the model (and pays for)
 * stays bounded however long the conversation: the last {@link FLOW_KEEP_TURNS} user turns
 * whole, older ones as a summary written by {@link flowSummaryModel}.
 */
export function flowHistory(flow: string): HistoryOptions {
  return { compress: { keepTurns: FLOW_KEEP_TURNS, model: flowSummaryModel(flow) } };
}
