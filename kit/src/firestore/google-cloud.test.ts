import { describe, expect, it } from 'vitest';
import { functionsEmulatorEnv } from '../test-utils/functions-emulator-env.js';
import { onGoogleCloud } from './google-cloud.js';

describe('onGoogleCloud', () => {
  it('is true on Cloud Run and Cloud Functions (gen2 and newer gen1: K_SERVICE; older gen1: FUNCTION_NAME; jobs)', () => {
    expect(onGoogleCloud({ K_SERVICE: 'orderassistant', K_REVISION: 'orderassistant-00007-xiz', PORT: '8080' })).toBe(
      true,
    );
    expect(onGoogleCloud({ FUNCTION_NAME: 'orderAssistant' })).toBe(true);
    expect(onGoogleCloud({ CLOUD_RUN_JOB: 'cleanup' })).toBe(true);
  });

  it('is false in the functions emulator, which sets K_SERVICE too (firebase-tools’ own environment for a function)', () => {
    const env = functionsEmulatorEnv('real-project', 'orderAssistant');
    expect(env.K_SERVICE).toBe('orderAssistant');
    expect(onGoogleCloud(env)).toBe(false);
  });

  it('is false in a plain process', () => {
    expect(onGoogleCloud({ GOOGLE_APPLICATION_CREDENTIALS: '/keys/sa.json', GCLOUD_PROJECT: 'p' })).toBe(false);
    expect(onGoogleCloud({})).toBe(false);
  });
});
