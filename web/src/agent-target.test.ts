import { describe, expect, it } from 'vitest';
import { agentTargetOf } from './agent-target.js';

describe('agentTargetOf', () => {
  it('talks to the order assistant when neither the address nor the build names an instance', () => {
    expect(agentTargetOf('', {})).toMatchObject({
      callable: 'orderAssistant',
      agent: 'orderAssistant',
      sessions: 'sessions',
      approvals: 'approvals',
      instance: undefined,
      queues: true,
      welcome: true,
    });
  });

  it('talks to the kit instance the address names, reading its own collections', () => {
    expect(agentTargetOf('?instance=support', {})).toEqual({
      callable: 'kit-support-agent',
      agent: 'support',
      sessions: 'support_sessions',
      approvals: 'support_approvals',
      approverClaim: 'manager',
      instance: 'support',
      queues: false,
      welcome: false,
    });
  });

  it('reads an instance’s collections under the prefix the address gives', () => {
    expect(agentTargetOf('?instance=agent-kit-2&prefix=ops_', {})).toMatchObject({
      callable: 'kit-agent-kit-2-agent',
      sessions: 'ops_sessions',
      approvals: 'ops_approvals',
    });
  });

  it('takes the build’s instance unless the address names another', () => {
    const built = { instance: 'ops', collectionPrefix: 'opsAgent_' };
    expect(agentTargetOf('', built)).toMatchObject({ callable: 'kit-ops-agent', sessions: 'opsAgent_sessions' });
    expect(agentTargetOf('?instance=support', built)).toMatchObject({ sessions: 'support_sessions' });
  });

  it('gives the Approvals view to the holders of the claim the instance’s approvers hold', () => {
    expect(agentTargetOf('', {}).approverClaim).toBe('manager');
    expect(agentTargetOf('?instance=ops&approverClaim=oncall', {}).approverClaim).toBe('oncall');
    expect(agentTargetOf('', { instance: 'ops', approverClaim: 'lead' }).approverClaim).toBe('lead');
    expect(agentTargetOf('?instance=support', { instance: 'ops', approverClaim: 'lead' }).approverClaim).toBe(
      'manager',
    );
  });

  it('refuses an address that names no instance id', () => {
    expect(() => agentTargetOf('?instance=Kit%2Fsupport', {})).toThrow(TypeError);
  });
});
