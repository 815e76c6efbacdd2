import type { Content, Part as GeminiPart } from '@google/genai';
import type { Message } from '../../model/index.js';
import { type PartContext, toGeminiPart } from './to-gemini-part.js';
import type { ToolNames } from './tool-names.js';

/** A conversation as Gemini takes it: the system instruction apart from the turns. */
export interface GeminiContents {
  contents: Content[];
  systemInstruction?: Content;
}

function toParts(message: Message, context: PartContext): GeminiPart[] {
  const parts: GeminiPart[] = [];
  for (const part of message.content) {
    const converted = toGeminiPart(part, context);
    if (converted) parts.push(converted);
  }
  return parts;
}

/**
 * Converts messages: system messages become the system instruction (never history), model
 * turns stay `model`, and user and tool turns are `user` turns (tool results as function
 * responses). A turn left with no parts is dropped, since Gemini refuses empty turns.
 */
export function toGeminiContents(messages: readonly Message[], names: ToolNames): GeminiContents {
  const context: PartContext = { names, echoedIds: new Map() };
  const contents: Content[] = [];
  const system: GeminiPart[] = [];
  for (const message of messages) {
    const parts = toParts(message, context);
    if (message.role === 'system') system.push(...parts);
    else if (parts.length) contents.push({ role: message.role === 'model' ? 'model' : 'user', parts });
  }
  const result: GeminiContents = { contents };
  if (system.length) result.systemInstruction = { parts: system };
  return result;
}
