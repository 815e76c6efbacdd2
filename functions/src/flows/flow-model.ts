import * as logger from 'firebase-functions/logger';
import type { GenerateRequest, Model, ModelRunnerResponse } from '../kit/model/index.js';
import { gemini } from '../kit/models/gemini/index.js';
import { scriptedModel } from '../kit/models/scripted/index.js';

/** The Gemini model the example flows use when a key is set (`GEMINI_MODEL` overrides it). */
export const FLOW_GEMINI_MODEL = 'gemini-2.5-flash';

/**
 * THE switch point between a real model and the offline one, for every example flow: with
 * `GEMINI_API_KEY` set (a secret in production; the shell or functions/.secret.local in the
 * emulator, with `GOOGLE_GEMINI_BASE_URL` for a fake server) the flows talk to Gemini;
 * without it they play `script` on the scripted model, and say so loudly on every cold start's
 * first call, so a deployment without its key is never mistaken for a working one.
 */
export function flowModel(flow: string, script: (request: GenerateRequest) => ModelRunnerResponse): Model {
  if (process.env.GEMINI_API_KEY) {
    return gemini({ model: process.env.GEMINI_MODEL ?? FLOW_GEMINI_MODEL, apiKey: () => process.env.GEMINI_API_KEY });
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
    { name: `scripted/${flow}` },
  );
}
