/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { schemasDigest, sealProblem, wireJsonSchemas } from './json-schemas.js';
import { PROTOCOL_VERSION } from './protocol-version.js';

const VERSIONS = join(import.meta.dirname, '..', 'schema', 'versions.json');

describe('sealProblem', () => {
  it('finds nothing when the schemas are the ones sealed for PROTOCOL_VERSION', () => {
    const versions = JSON.parse(readFileSync(VERSIONS, 'utf8')) as Record<string, string>;
    const problem = sealProblem(versions, PROTOCOL_VERSION, schemasDigest(wireJsonSchemas()));
    // The message says what to do: bump the version, regenerate, document, record.
    expect(problem === undefined, problem).toBe(true);
  });

  it('tells how to bump the version when the schemas changed under a sealed one', () => {
    const problem = sealProblem({ 1: 'old-digest' }, 1, 'new-digest');
    expect(problem).toContain('PROTOCOL_VERSION = 2 in protocol/src/protocol-version.ts');
    expect(problem).toContain('npm run schema -w protocol');
    expect(problem).toContain('CHANGELOG.md');
  });

  it('asks for the schema script when the version has no seal yet', () => {
    expect(sealProblem({ 1: 'd1' }, 2, 'd2')).toContain('no digest for version 2');
  });

  it('refuses a seal for a version newer than the package', () => {
    expect(sealProblem({ 1: 'd1', 3: 'd3' }, 1, 'd1')).toContain('seals version 3');
  });

  it('leaves the seals of older versions alone once a newer one is sealed', () => {
    expect(sealProblem({ 1: 'd1', 2: 'd2' }, 2, 'd2')).toBeUndefined();
  });
});
