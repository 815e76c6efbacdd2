import type { CallToolResult, ContentBlock } from '@modelcontextprotocol/client';
import type { Part } from '../model/index.js';
import type { ToolResult } from '../tools/index.js';

function dataUrl(mimeType: string, base64: string): Part {
  return { media: { url: `data:${mimeType};base64,${base64}`, contentType: mimeType } };
}

/** A content block as a part beside the output: media, a resource, a resource's text. */
function partOf(block: ContentBlock): Part | undefined {
  switch (block.type) {
    case 'image':
    case 'audio':
      return dataUrl(block.mimeType, block.data);
    case 'resource_link':
      return { resource: { uri: block.uri } };
    case 'resource': {
      const resource = block.resource;
      if ('blob' in resource) return dataUrl(resource.mimeType ?? 'application/octet-stream', resource.blob);
      return { text: resource.text };
    }
    default:
      return undefined;
  }
}

/** The text blocks of a result, joined (what an error result says, or a plain tool's answer). */
export function textOfResult(result: CallToolResult): string {
  const texts: string[] = [];
  for (const block of result.content ?? []) if (block.type === 'text') texts.push(block.text);
  return texts.join('\n');
}

/**
 * A successful `tools/call` result as a kit tool's: its structured content is the output (the
 * text blocks then carry the same data, for clients without it), else its text; images, audio
 * and resources are parts beside it.
 */
export function toToolResult(result: CallToolResult): ToolResult {
  const content: Part[] = [];
  for (const block of result.content ?? []) {
    const part = partOf(block);
    if (part) content.push(part);
  }
  const output = result.structuredContent ?? textOfResult(result);
  return content.length ? { output, content } : { output };
}
