import type { GoogleGenAIOptions, HttpOptions } from '@google/genai';
import type { ModelStage, ModelSupports } from '../../model/index.js';

/** Vertex AI mode: the project and location to call, with Application Default Credentials. */
export interface GeminiVertexOptions {
  /** Default: `GOOGLE_CLOUD_PROJECT`. */
  project?: string;
  /** Default: `GOOGLE_CLOUD_LOCATION`, else `global`. */
  location?: string;
  /** Credentials other than ADC (a key file, an auth client). */
  googleAuthOptions?: GoogleGenAIOptions['googleAuthOptions'];
}

/** Options of {@link gemini}. */
export interface GeminiOptions {
  /** The model id, e.g. `gemini-2.5-flash`; `config.version` picks another per request. */
  model: string;
  /**
   * The Gemini API key, or a function read on the first call (a firebase-functions secret's
   * `value`, which is only available at run time). Default: `GEMINI_API_KEY`, then `GOOGLE_API_KEY`.
   */
  apiKey?: string | (() => string | undefined);
  /** Call Vertex AI instead of the Gemini API. */
  vertex?: boolean | GeminiVertexOptions;
  /**
   * Transport options for the SDK: `baseUrl` (else `GOOGLE_GEMINI_BASE_URL`), `apiVersion`,
   * headers. Its `retryOptions` are ignored: the kit's `retry` middleware is the only retry.
   */
  httpOptions?: Omit<HttpOptions, 'retryOptions'>;
  /** Gives up on a call (deadline-exceeded) after this long, streaming included. Default 300,000; 0 for never. */
  timeoutMs?: number;
  /** Model ids `config.version` may pick; any id when absent. */
  versions?: string[];
  /** Overrides what the model declares it supports (say `constrained: 'all'` for Gemini 3). */
  supports?: ModelSupports;
  label?: string;
  stage?: ModelStage;
}
