import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const folder = fileURLToPath(new URL('.', import.meta.url));
// A value import of the SDK anywhere in the adapter would load it with the kit, on every cold start.
const VALUE_IMPORT = /^import\s+(?!type\b)[^;]*from\s+'@google\/genai'/m;

describe('gemini', () => {
  it('imports @google/genai only for types or on the first call when the adapter module loads', () => {
    const sources = readdirSync(folder).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    const offenders = sources.filter((f) => VALUE_IMPORT.test(readFileSync(`${folder}${f}`, 'utf8')));
    expect(offenders).toEqual([]);
    expect(readFileSync(`${folder}gemini-client.ts`, 'utf8')).toContain("await import('@google/genai')");
  });
});
