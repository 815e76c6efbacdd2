import { describe, expect, it } from 'vitest';
import { continuationFunctionName } from './continuation-function-name.js';

describe('continuationFunctionName', () => {
  it('names the unprefixed function in the region the install template deploys to', () => {
    expect(continuationFunctionName({ FUNCTION_DEFAULT_REGION: 'europe-west1' })).toBe(
      'locations/europe-west1/functions/continueTurn',
    );
  });

  it('falls back to firebase-functions’ default region when the template’s param is unset', () => {
    expect(continuationFunctionName({})).toBe('locations/us-central1/functions/continueTurn');
  });
});
