import { describe, expect, it } from 'vitest';
import { textOfResult, toToolResult } from './mcp-result.js';

describe('toToolResult', () => {
  it('makes the joined text the output when there is no structured content', () => {
    const result = {
      content: [
        { type: 'text' as const, text: 'one' },
        { type: 'text' as const, text: 'two' },
      ],
    };
    expect(toToolResult(result)).toEqual({ output: 'one\ntwo' });
    expect(textOfResult(result)).toBe('one\ntwo');
  });

  it('makes structured content the output, the text beside it dropped, when the tool gives both', () => {
    const result = { content: [{ type: 'text' as const, text: '{"n":1}' }], structuredContent: { n: 1 } };
    expect(toToolResult(result)).toEqual({ output: { n: 1 } });
  });

  it('turns images, audio, resource links and embedded resources into parts beside the output', () => {
    const result = {
      content: [
        { type: 'image' as const, data: 'iVBO', mimeType: 'image/png' },
        { type: 'audio' as const, data: 'UklG', mimeType: 'audio/wav' },
        { type: 'resource_link' as const, uri: 'file:///report.pdf', name: 'report' },
        { type: 'resource' as const, resource: { uri: 'file:///a.txt', text: 'inside a.txt' } },
        { type: 'resource' as const, resource: { uri: 'file:///b.bin', blob: 'AAEC' } },
      ],
    };
    expect(toToolResult(result)).toEqual({
      output: '',
      content: [
        { media: { url: 'data:image/png;base64,iVBO', contentType: 'image/png' } },
        { media: { url: 'data:audio/wav;base64,UklG', contentType: 'audio/wav' } },
        { resource: { uri: 'file:///report.pdf' } },
        { text: 'inside a.txt' },
        { media: { url: 'data:application/octet-stream;base64,AAEC', contentType: 'application/octet-stream' } },
      ],
    });
  });
});
