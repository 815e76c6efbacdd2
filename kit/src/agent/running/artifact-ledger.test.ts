import { describe, expect, it } from 'vitest';
import { SESSION_LIMITS } from '../../session/session-limits.js';
import { withEnv } from '../../test-utils/with-env.js';
import { ArtifactLedger } from './artifact-ledger.js';

describe('ArtifactLedger', () => {
  it('makes one version a name per call, the call’s last write winning, numbered after the stored one', () => {
    const ledger = new ArtifactLedger([{ name: 'r', version: 3, parts: [{ text: 'old' }], at: 1 }]);
    ledger.tool.write('c1', 'r', [{ text: 'draft' }]);
    ledger.tool.write('c1', 'r', [{ text: 'final' }]);
    expect(ledger.apply('c1', 9)).toEqual([{ name: 'r', version: 4, parts: [{ text: 'final' }], at: 9, ref: 'c1' }]);
    expect(ledger.artifacts).toEqual([{ name: 'r', version: 4, parts: [{ text: 'final' }], at: 9, ref: 'c1' }]);
  });

  it('keeps nothing of a call it drops, and nothing before any write', () => {
    const ledger = new ArtifactLedger(undefined);
    ledger.tool.write('c1', 'r', [{ text: 'x' }]);
    ledger.drop('c1');
    expect(ledger.apply('c1', 9)).toEqual([]);
    expect(ledger.artifacts).toBeUndefined();
  });

  it('refuses a part that is not text, media or data, and an empty name', () => {
    const ledger = new ArtifactLedger(undefined);
    const call = { toolRequest: { name: 'x' } } as never;
    expect(() => ledger.tool.write('c1', 'r', [call])).toThrow(/parts of artifact 'r'/);
    expect(() => ledger.tool.write('c1', '', [{ text: 'x' }])).toThrow(/artifact name/);
  });

  it('counts the writes of calls running beside it against the limit of all artifacts', () => {
    const ledger = new ArtifactLedger(undefined);
    const part = [{ text: 'z'.repeat(SESSION_LIMITS.artifactsBytes / 3 - 200) }];
    ledger.tool.write('c1', 'a', part);
    ledger.tool.write('c2', 'b', part);
    expect(() => ledger.tool.write('c3', 'c', part)).not.toThrow();
    expect(() => ledger.tool.write('c4', 'd', part)).toThrow(/the session artifacts is .* over the limit/);
    // A rewrite of a name replaces its room rather than adding to it.
    expect(() => ledger.tool.write('c4', 'a', part)).not.toThrow();
  });

  it('keeps and streams an artifact with the secrets of the environment taken out', async () => {
    await withEnv({ PAYMENTS_API_KEY: 'sk-live-0123456789abcdef' }, async () => {
      const ledger = new ArtifactLedger(undefined);
      ledger.tool.write('c1', 'r', [{ text: 'key sk-live-0123456789abcdef used' }]);
      expect(JSON.stringify(ledger.apply('c1', 1))).not.toContain('sk-live-0123456789abcdef');
    });
  });
});
