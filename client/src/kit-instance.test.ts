import { describe, expect, it } from 'vitest';
import { kitInstance } from './kit-instance.js';

describe('kitInstance', () => {
  it('names the instance’s callable and collections as the CLI and the kit name them', () => {
    expect(kitInstance('support')).toEqual({
      id: 'support',
      callable: 'kit-support-agent',
      agent: 'support',
      prefix: 'support_',
      watch: { sessions: 'support_sessions' },
      approvals: { collection: 'support_approvals' },
    });
  });

  it('reads the collections under the instance’s own AGENT_COLLECTION_PREFIX when it has one', () => {
    const ops = kitInstance('agent-kit-2', { collectionPrefix: 'ops_' });
    expect(ops).toMatchObject({ callable: 'kit-agent-kit-2-agent', agent: 'agent-kit-2', prefix: 'ops_' });
    expect(ops.watch.sessions).toBe('ops_sessions');
    expect(ops.approvals.collection).toBe('ops_approvals');
  });

  it.each([['Support'], ['a/b'], ['-ops'], [''], ['x'.repeat(41)]])(
    'refuses %j, no instance id the CLI makes',
    (id) => {
      expect(() => kitInstance(id)).toThrow(TypeError);
    },
  );

  it('refuses a prefix the kit would refuse', () => {
    expect(() => kitInstance('ops', { collectionPrefix: 'a/b' })).toThrow(TypeError);
  });
});
