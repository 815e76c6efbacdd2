import { describe, expect, it } from 'vitest';
import { instanceSecretName } from './instance-secret.js';

describe('instanceSecretName', () => {
  it('gives each instance its own name for a secret, as an environment key', () => {
    expect(instanceSecretName('GEMINI_API_KEY', { FIREBASE_KIT_INSTANCE_ID: 'support' })).toBe(
      'GEMINI_API_KEY_SUPPORT',
    );
    expect(instanceSecretName('GEMINI_API_KEY', { FIREBASE_KIT_INSTANCE_ID: 'agent-kit-2' })).toBe(
      'GEMINI_API_KEY_AGENT_KIT_2',
    );
    expect(instanceSecretName('AGENT_MCP_HEADERS', { FIREBASE_KIT_INSTANCE_ID: 'ops' })).not.toBe(
      instanceSecretName('AGENT_MCP_HEADERS', { FIREBASE_KIT_INSTANCE_ID: 'support' }),
    );
  });

  it('keeps the plain name outside a kit instance', () => {
    expect(instanceSecretName('GEMINI_API_KEY', {})).toBe('GEMINI_API_KEY');
  });
});
