import { isKitError, KitError } from '../errors/index.js';
import { redactSecrets } from '../redact/index.js';

/**
 * The error a failed cleanup run ends with: its code and message in words safe to log (the
 * scheduler wrapper logs the message of what the handler throws).
 */
export function failedRunError(error: unknown, durationMs: number): KitError {
  const code = isKitError(error) ? error.code : 'internal';
  const reason = redactSecrets(error instanceof Error ? error.message : String(error)).slice(0, 300);
  return new KitError(code, `session cleanup failed after ${Math.round(durationMs)} ms: ${reason}`);
}
