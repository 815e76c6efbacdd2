import { environmentSecrets, redactSecrets } from './redact-secrets.js';

function redactWith(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === 'string') return redactSecrets(value, secrets);
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item, i) => {
      const clean = redactWith(item, secrets);
      if (clean === item) return;
      copy ??= [...value];
      copy[i] = clean;
    });
    return copy ?? value;
  }
  if (value === null || typeof value !== 'object') return value;
  let copy: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(value)) {
    const clean = redactWith(item, secrets);
    if (clean === item) continue;
    copy ??= { ...value };
    copy[key] = clean;
  }
  return copy ?? value;
}

/**
 * `value` with {@link redactSecrets} applied to every string in it, at any depth. Copy on
 * change: a value with nothing to redact comes back as the same object, so callers that compare
 * by identity (the session store's history layout) see no change.
 */
export function redactValue<T>(value: T, secrets: readonly string[] = environmentSecrets()): T {
  return redactWith(value, secrets) as T;
}
