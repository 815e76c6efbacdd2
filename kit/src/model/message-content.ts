import type { Message } from './message.js';
import type { Part, ToolRequestPart, ToolResponsePart } from './parts.js';

/** The text of a list of parts, joined. */
export function textOf(content: readonly Part[]): string {
  let text = '';
  for (const part of content) if ('text' in part) text += part.text;
  return text;
}

/** The tool request parts of a message. */
export function toolRequestsOf(message: Message | undefined): ToolRequestPart[] {
  return (message?.content.filter((p) => 'toolRequest' in p) ?? []) as ToolRequestPart[];
}

/** The tool response parts of a message. */
export function toolResponsesOf(message: Message | undefined): ToolResponsePart[] {
  return (message?.content.filter((p) => 'toolResponse' in p) ?? []) as ToolResponsePart[];
}
