import {
  type GenerateRequest,
  type Model,
  type ModelRunnerResponse,
  withMiddleware,
} from '@callable-flows/kit/model/index.js';
import { gemini } from '@callable-flows/kit/models/gemini/index.js';
import { scriptedModel } from '@callable-flows/kit/models/scripted/index.js';
import * as logger from 'firebase-functions/logger';
import { flowResilience } from './flow-resilience.js';

/** The Gemini model the example flows use when a key is set (`GEMINI_MODEL` overrides it). */
export const FLOW_GEMINI_MODEL = 'gemini-2.5-flash';
/** The model they fall back to when it is overloaded (`GEMINI_FALLBACK_MODEL` overrides it; `none` for none). */
export const FLOW_FALLBACK_MODEL = 'gemini-2.5-flash-lite';

/** True when the example flows play their scripted offline model: no `GEMINI_API_KEY` is set. */
export function usesScriptedModel(): boolean {
  return !process.env.GEMINI_API_KEY;
}

/**
 * THE switch point between a real model and the offline one, for every example flow: with
 * `GEMINI_API_KEY` set (a secret in production; the shell or functions/.secret.local in the
 * emulator, with `GOOGLE_GEMINI_BASE_URL` for a fake server) the flows talk to Gemini, with
 * retries and a fallback model ({@link flowResilience});
 * without it they play `script` on the scripted model, and say so loudly on every cold start's
 * first call, so a deployment without its key is never mistaken for a working one.
 */
export function flowModel(flow: string, script: (request: GenerateRequest) => ModelRunnerResponse): Model {
  if (!usesScriptedModel()) {
    const apiKey = () => process.env.GEMINI_API_KEY;
    const primary = gemini({ model: process.env.GEMINI_MODEL ?? FLOW_GEMINI_MODEL, apiKey });
    const backup = process.env.GEMINI_FALLBACK_MODEL ?? FLOW_FALLBACK_MODEL;
    const fallbacks = backup === 'none' ? [] : [gemini({ model: backup, apiKey })];
    // Retry on the primary, then the fallback model: a passing 429 or 503 doesn't fail the turn.
    return withMiddleware(primary, flowResilience(fallbacks));
  }
  let warned = false;
  return scriptedModel(
    (request) => {
      if (!warned) {
        warned = true;
        logger.warn(
          `*** ${flow}: NO GEMINI_API_KEY — using the SCRIPTED offline model: its answers are canned, not AI. Set GEMINI_API_KEY to use Gemini. ***`,
        );
      }
      return script(request);
    },
    // Deployed: it keeps no request (an instance may serve it for days).
    { name: `scripted/${flow}`, record: false },
  );
}
