import { abortError } from '../../errors/index.js';

/** Waits `ms`, or rejects with the kit's abort error as soon as `signal` fires. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal, 'wait'));
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(abortError(signal, 'wait'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
