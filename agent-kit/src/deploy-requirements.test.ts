import { describe, expect, it } from 'vitest';
import { declareDeployRequirements } from './deploy-requirements.js';

/** firebase-functions' manifest of this process (the global its CJS and ESM builds share). */
const manifest = () =>
  ((globalThis as Record<symbol, unknown>)[Symbol.for('firebase-functions:manifest')] ?? {}) as {
    requiredAPIs?: { api: string }[];
    requiredRoles?: string[];
  };

describe('declareDeployRequirements', () => {
  it('declares nothing in a running function', () => {
    expect(declareDeployRequirements({})).toBe(false);
    expect(manifest().requiredAPIs ?? []).toEqual([]);
  });

  it('declares the APIs and roles while the Firebase CLI reads the manifest', () => {
    expect(declareDeployRequirements({ FUNCTIONS_CONTROL_API: 'true' })).toBe(true);
    expect(manifest().requiredAPIs?.map((r) => r.api)).toEqual(
      expect.arrayContaining(['firestore.googleapis.com', 'cloudtasks.googleapis.com', 'secretmanager.googleapis.com']),
    );
    expect(manifest().requiredRoles).toEqual(expect.arrayContaining(['roles/cloudtasks.enqueuer']));
  });
});
