import { describe, expect, it } from 'vitest';
import { adminFirestore } from './admin-firestore.js';

describe('adminFirestore', () => {
  it('gives every caller the same Firestore when called more than once', async () => {
    const [a, b] = await Promise.all([adminFirestore(), adminFirestore()]);
    expect(a).toBe(b);
    expect(await adminFirestore()).toBe(a);
  });
});
