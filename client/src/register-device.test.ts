import { describe, expect, it } from 'vitest';
import { deviceTokenId } from './register-device.js';

describe('deviceTokenId', () => {
  it('names one document per token: the first 32 hex characters of its SHA-256', async () => {
    // sha256("fcm-token-1"), cut to 32 hex characters.
    const id = await deviceTokenId('fcm-token-1');
    expect(id).toBe('3cfaa3f1d62d114805029366153fbb44');
    expect(id).toBe(await deviceTokenId('fcm-token-1'));
    expect(await deviceTokenId('fcm-token-2')).not.toBe(id);
  });
});
