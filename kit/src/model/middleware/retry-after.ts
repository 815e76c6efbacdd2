import { isKitError } from '../../errors/index.js';

// google.rpc.RetryInfo's delay, as Google APIs put it in an error body: "7s", "0.25s".
const DURATION = /^(\d+(?:\.\d+)?)s$/;

function fromHeader(value: unknown, now: number): number | undefined {
  if (typeof value !== 'string' || !value.trim()) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

function headerOf(error: object): unknown {
  const headers = (error as { headers?: unknown }).headers;
  if (!headers || typeof headers !== 'object') return undefined;
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get('retry-after');
  return (headers as Record<string, unknown>)['retry-after'];
}

/** The `retryDelay` of a RetryInfo in a Google API error body (the SDK's message is the body as JSON). */
function fromBody(message: unknown): number | undefined {
  if (typeof message !== 'string' || !message.startsWith('{')) return undefined;
  try {
    const details = (JSON.parse(message) as { error?: { details?: unknown } }).error?.details;
    if (!Array.isArray(details)) return undefined;
    for (const detail of details as Array<Record<string, unknown>>) {
      const delay = String(detail?.['@type'] ?? '').endsWith('google.rpc.RetryInfo') ? detail.retryDelay : undefined;
      const match = typeof delay === 'string' ? DURATION.exec(delay) : null;
      if (match) return Number(match[1]) * 1000;
    }
  } catch {
    // Not a JSON body: nothing said about when to retry.
  }
  return undefined;
}

/**
 * How long the server asked us to wait before trying again, in ms, or undefined when it didn't
 * say: a kit error's `details.retryAfterMs`, else (down its causes) a `Retry-After` header or
 * the `RetryInfo.retryDelay` of a Google API error body (what Gemini sends with a 429).
 */
export function retryAfterMs(error: unknown, now = Date.now()): number | undefined {
  if (isKitError(error)) {
    const given = error.details?.retryAfterMs;
    if (typeof given === 'number' && Number.isFinite(given) && given >= 0) return given;
  }
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as Error).cause, depth++) {
    const found = fromHeader(headerOf(e), now) ?? fromBody((e as Error).message);
    if (found !== undefined) return found;
  }
  return undefined;
}
