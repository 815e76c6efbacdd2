import type { GoogleGenAI, GoogleGenAIOptions, HttpOptions } from '@google/genai';
import { KitError } from '../../errors/index.js';
import type { GeminiOptions } from './gemini-options.js';

function apiKeyOf(options: GeminiOptions): string | undefined {
  const given = typeof options.apiKey === 'function' ? options.apiKey() : options.apiKey;
  return given || process.env.GEMINI_API_KEY || process.env.GOOGLE_API_KEY || undefined;
}

/** What the SDK client is built from; exported so the options mapping can be tested alone. */
export function clientOptions(options: GeminiOptions): GoogleGenAIOptions {
  // Drop any retryOptions a caller slipped in: the kit's retry middleware is the only retry,
  // and two layers of retries would multiply (5 SDK attempts × 4 kit attempts).
  const httpOptions: HttpOptions = { ...options.httpOptions };
  delete httpOptions.retryOptions;
  const result: GoogleGenAIOptions = { httpOptions };
  if (options.vertex) {
    const vertex = options.vertex === true ? {} : options.vertex;
    result.vertexai = true;
    if (vertex.project) result.project = vertex.project;
    if (vertex.location) result.location = vertex.location;
    if (vertex.googleAuthOptions) result.googleAuthOptions = vertex.googleAuthOptions;
    // Vertex express mode: a key given explicitly still counts; env keys are left to the SDK's rules.
    const key = typeof options.apiKey === 'function' ? options.apiKey() : options.apiKey;
    if (key) result.apiKey = key;
    return result;
  }
  const apiKey = apiKeyOf(options);
  if (!apiKey) {
    // The operator's to fix, never the caller's: `internal`, and said loudly where they look.
    const message = `no Gemini API key for model '${options.model}': pass apiKey, set GEMINI_API_KEY, or use vertex`;
    console.error(`[callable-flows] SERVER MISCONFIGURED: ${message}`);
    throw new KitError('internal', message, { reason: 'SERVER_MISCONFIGURED' });
  }
  result.apiKey = apiKey;
  // Said explicitly, so GOOGLE_GENAI_USE_VERTEXAI in the environment can't switch the backend
  // under a model named googleai/….
  result.vertexai = false;
  return result;
}

/**
 * The SDK client, built on the first call. `@google/genai` is imported then, not when the kit
 * is: a cold start that never calls Gemini doesn't pay for loading it.
 */
export function lazyGeminiClient(options: GeminiOptions): () => Promise<GoogleGenAI> {
  let client: Promise<GoogleGenAI> | undefined;
  return () => {
    if (!client) {
      client = (async () => {
        const settings = clientOptions(options);
        const { GoogleGenAI } = await import('@google/genai');
        return new GoogleGenAI(settings);
      })();
      // A failed start (no key yet, say) is not remembered: the next call tries again.
      client.catch(() => {
        client = undefined;
      });
    }
    return client;
  };
}
