import { describe, expect, it } from 'vitest';
import { agentNameOf, collectionPrefixOf, limitsOf, readInstanceConfig, usageCollectionOf } from './instance-config.js';
import * as kitParams from './kit-params.js';

describe('readInstanceConfig', () => {
  it('reads the defaults the params declare when nothing is set', () => {
    const config = readInstanceConfig({ FIREBASE_KIT_INSTANCE_ID: 'support' });
    expect(config).toMatchObject({
      agentName: 'support',
      model: { provider: 'gemini-api', model: 'gemini-2.5-flash' },
      mcpServers: [],
      approvalTools: '*',
      approvers: { kind: 'owner' },
      waitingPerUser: 20,
      collectionPrefix: 'support_',
    });
  });

  it('reads Vertex AI with the functions’ project when none is named', () => {
    const env = { AGENT_MODEL_PROVIDER: 'vertex', AGENT_VERTEX_LOCATION: 'global', GCLOUD_PROJECT: 'p1' };
    expect(readInstanceConfig(env).model).toEqual({
      provider: 'vertex',
      model: 'gemini-2.5-flash',
      project: 'p1',
      location: 'global',
    });
  });

  it('reads the tools that need approval by name', () => {
    const config = readInstanceConfig({ AGENT_APPROVAL_TOOLS: 'ops_restart, ops_scale' });
    expect(config.approvalTools).toEqual(new Set(['ops_restart', 'ops_scale']));
  });

  it.each([
    [{ AGENT_MODEL_PROVIDER: 'openai' }, 'AGENT_MODEL_PROVIDER'],
    [{ AGENT_APPROVERS: 'everyone' }, 'AGENT_APPROVERS'],
    [{ AGENT_COLLECTION_PREFIX: 'a/b' }, 'AGENT_COLLECTION_PREFIX'],
    [{ AGENT_COLLECTION_PREFIX: 'a.b' }, 'AGENT_COLLECTION_PREFIX'],
    [{ AGENT_MCP_SERVERS: 'nourl' }, 'AGENT_MCP_SERVERS'],
    [{ AGENT_WAITING_APPROVALS_PER_USER: '-2' }, 'AGENT_WAITING_APPROVALS_PER_USER'],
  ])('refuses %j naming the param', (env, param) => {
    expect(() => readInstanceConfig(env)).toThrow(param);
  });

  it('reads every param the kit declares, so none is prompted for and then ignored', () => {
    const declared = Object.values(kitParams).map((param) => param.name);
    const read = new Set<string>();
    const env = new Proxy<NodeJS.ProcessEnv>(
      {},
      {
        get(_target, key) {
          if (typeof key === 'string') read.add(key);
          // Vertex AI, whose params are read only for it.
          return key === 'AGENT_MODEL_PROVIDER' ? 'vertex' : undefined;
        },
      },
    );
    readInstanceConfig(env);
    limitsOf(env);
    // GEMINI_API_KEY (its instance's name, instance-secret.ts) is read by the model at each call (kit-model.ts), not by the config.
    expect(declared.filter((name) => !read.has(name))).toEqual(['GEMINI_API_KEY']);
  });
});

describe('collectionPrefixOf', () => {
  it('keeps two instances apart by their ids unless a prefix is set', () => {
    expect(collectionPrefixOf({ FIREBASE_KIT_INSTANCE_ID: 'support' })).toBe('support_');
    expect(collectionPrefixOf({ FIREBASE_KIT_INSTANCE_ID: 'ops' })).toBe('ops_');
    expect(collectionPrefixOf({ FIREBASE_KIT_INSTANCE_ID: 'ops', AGENT_COLLECTION_PREFIX: 'opsAgent_' })).toBe(
      'opsAgent_',
    );
    expect(collectionPrefixOf({})).toBe('');
  });
});

describe('agentNameOf', () => {
  it('names the agent after the instance, or `agent` outside one', () => {
    expect(agentNameOf({ FIREBASE_KIT_INSTANCE_ID: 'ops' })).toBe('ops');
    expect(agentNameOf({})).toBe('agent');
  });
});

describe('readInstanceConfig: AGENT_WAITING_APPROVALS_PER_USER', () => {
  it('reads the approvals one user may have waiting, 0 being no limit', () => {
    expect(readInstanceConfig({ AGENT_WAITING_APPROVALS_PER_USER: '5' }).waitingPerUser).toBe(5);
    expect(readInstanceConfig({ AGENT_WAITING_APPROVALS_PER_USER: '0' }).waitingPerUser).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('limitsOf', () => {
  it('reads the limits, 0 being none', () => {
    expect(limitsOf({})).toEqual({ callsPerMinute: 30, tokensPerUserPerDay: 500_000 });
    expect(limitsOf({ AGENT_CALLS_PER_MINUTE: '0', AGENT_TOKENS_PER_DAY: '1000' })).toEqual({
      tokensPerUserPerDay: 1000,
    });
  });

  it('refuses a count that is not a whole number', () => {
    expect(() => limitsOf({ AGENT_CALLS_PER_MINUTE: '2.5' })).toThrow('AGENT_CALLS_PER_MINUTE');
    expect(() => limitsOf({ AGENT_TOKENS_PER_DAY: '-1' })).toThrow('AGENT_TOKENS_PER_DAY');
  });
});

describe('usageCollectionOf', () => {
  it('puts the usage counters under the instance prefix, so two instances never share a budget', () => {
    expect(usageCollectionOf('support_')).toBe('support_usageCounters');
    expect(usageCollectionOf('ops_')).not.toBe(usageCollectionOf('support_'));
  });
});
