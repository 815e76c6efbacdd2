import {
  type FakeGeminiAnswer,
  type GeminiJson,
  geminiResponse,
} from '@callable-flows/kit/test-utils/fake-gemini/index.js';
import type { PlayMove, PlayState } from '../../flows/index.js';

interface GeminiPart {
  text?: string;
  thought?: boolean;
  functionCall?: { name: string; args?: unknown; id?: string };
  functionResponse?: { name: string; response?: unknown; id?: string };
}
interface GeminiContent {
  role?: string;
  parts?: GeminiPart[];
}

/** The play state of a Gemini request: the last user words and the function calls answered after them. */
export function geminiPlayState(body: GeminiJson): PlayState {
  const contents = (body.contents ?? []) as GeminiContent[];
  const isUserText = (c: GeminiContent) => c.role === 'user' && (c.parts ?? []).some((p) => p.text !== undefined);
  const last = contents.findLastIndex(isUserText);
  const calls: PlayState['calls'] = [];
  for (const content of contents.slice(last + 1)) {
    for (const part of content.parts ?? []) {
      if (part.functionCall) calls.push({ name: part.functionCall.name, input: part.functionCall.args });
      if (part.functionResponse) {
        const call = calls.findLast((c) => c.name === part.functionResponse?.name && c.output === undefined);
        if (call) call.output = part.functionResponse.response;
      }
    }
  }
  const userText = (contents[last]?.parts ?? []).map((p) => p.text ?? '').join('');
  return { userText, calls };
}

/** Options of {@link playOnGemini}. */
export interface PlayOnGeminiOptions {
  /** Answers requests whose user text matches this after `slowMs` (to hold a turn open). */
  slowWhen?: RegExp;
  slowMs?: number;
  /** Streams each word this long after the one before (a model whose words come over seconds). */
  wordDelayMs?: number;
}

/**
 * A fake Gemini answer that plays a flow's scripted conversation in Gemini's wire format:
 * word-by-word text events and a function call (with an id) when streamed, one body when not.
 */
export function playOnGemini(
  decide: (state: PlayState) => PlayMove,
  options: PlayOnGeminiOptions = {},
): FakeGeminiAnswer {
  let calls = 0;
  return (request) => {
    const state = geminiPlayState(request.body);
    const move = decide(state);
    const call: GeminiJson[] = move.call
      ? [{ functionCall: { name: move.call.name, args: move.call.input, id: `fc-${++calls}` } }]
      : [];
    const usage = { promptTokenCount: 40, candidatesTokenCount: 12, totalTokenCount: 52 };
    const delayMs = options.slowWhen?.test(state.userText) ? (options.slowMs ?? 3000) : 0;
    if (!request.stream) {
      return { delayMs, response: geminiResponse([...(move.text ? [{ text: move.text }] : []), ...call], { usage }) };
    }
    const words = move.text?.match(/\S+\s*/g) ?? [];
    const chunks = words.map((word) => geminiResponse([{ text: word }], { finishReason: undefined }));
    chunks.push(geminiResponse(call.length ? call : [{ text: '' }], { usage }));
    return { delayMs, chunks, ...(options.wordDelayMs ? { chunkDelayMs: options.wordDelayMs } : {}) };
  };
}
