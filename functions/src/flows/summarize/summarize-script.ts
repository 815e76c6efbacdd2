import type { GenerateRequest, Message, ModelRunnerResponse } from '@callable-flows/kit/model/index.js';
import { playState } from '../scripted-play.js';
import { type Summary, TEXT_MARKER } from './summary.js';

const words = (sentence: string, n: number): string => sentence.split(/\s+/).slice(0, n).join(' ');

/** The offline summary: the text's first sentences as bullets, the first words as the title. */
export function scriptedSummary(request: GenerateRequest): ModelRunnerResponse {
  const prompt = playState(request.messages as Message[]).userText;
  const at = prompt.indexOf(TEXT_MARKER);
  const text = at >= 0 ? prompt.slice(at + TEXT_MARKER.length) : prompt;
  const max = Number(/at most (\d+) bullet/.exec(prompt)?.[1] ?? 3);
  const sentences = text
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
  const summary: Summary = {
    title: words(sentences[0] ?? 'Summary', 8).slice(0, 120) || 'Summary',
    bullets: (sentences.length ? sentences : ['(empty)']).slice(0, max).map((s) => words(s, 24)),
  };
  return { message: { role: 'model', content: [{ text: JSON.stringify(summary) }] }, finishReason: 'stop' };
}
