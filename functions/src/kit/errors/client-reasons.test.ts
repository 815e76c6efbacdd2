import { FLOW_ERROR_CODES, FLOW_ERROR_REASONS } from '@callable-flows/client';
import { describe, expect, it } from 'vitest';
import { ERROR_REASONS } from './error-reason.js';
import { KIT_ERROR_CODES } from './kit-error.js';

// The typed client keeps its own copy of the codes and reasons (it can't import the kit): this
// holds the copy to the server's, so an app never meets a reason its client doesn't know.
describe('the client’s error reasons', () => {
  it('knows every reason and code the kit sends, and no other', () => {
    expect([...FLOW_ERROR_REASONS].sort()).toEqual([...ERROR_REASONS].sort());
    expect([...FLOW_ERROR_CODES].sort()).toEqual([...KIT_ERROR_CODES].sort());
  });
});
