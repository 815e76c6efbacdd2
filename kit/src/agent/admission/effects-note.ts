import { EFFECTS_NOTE_KEY } from '@callable-flows/protocol';
import type { Message, Part } from '../../model/index.js';

/** The most characters of one call's output the note repeats (the model needs what happened, not every byte). */
const OUTPUT_CHARS = 500;

function line(part: Part): string {
  if (!('toolResponse' in part)) return '';
  const { name, ref, output } = part.toolResponse;
  const text = JSON.stringify(output) ?? 'null';
  const shown = text.length > OUTPUT_CHARS ? `${text.slice(0, OUTPUT_CHARS)}…` : text;
  return `- ${name}${ref ? ` (${ref})` : ''} → ${shown}`;
}

/**
 * The user message of a new branch, told first of the calls that ran on other branches and stay
 * done in the world (their results): the model of the new branch never believes they did not
 * happen. The message itself when there were none.
 */
export function withEffectsNote(message: Message, effects: readonly Part[]): Message {
  if (!effects.length) return message;
  const text = [
    'Note from the system, not the user: this conversation went back to an earlier point. These tool calls',
    'already ran on the path it left; their effects stand, and running them again may repeat them:',
    ...effects.map(line),
  ].join('\n');
  return { ...message, content: [{ text, metadata: { [EFFECTS_NOTE_KEY]: true } }, ...message.content] };
}
