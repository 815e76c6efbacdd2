import type { Model } from '@callable-flows/kit/model/index.js';
import { gemini } from '@callable-flows/kit/models/gemini/index.js';
import type { ModelSetting } from './instance-config.js';
import { instanceSecretName } from './instance-secret.js';

/**
 * The instance's model: Gemini through the Gemini API (the instance's `GEMINI_API_KEY_<INSTANCE>` secret, read at each
 * call so a rotated secret is picked up by a new instance) or through Vertex AI (the functions'
 * own credentials). `GOOGLE_GEMINI_BASE_URL`, when set, points the SDK elsewhere (a proxy, a test's server).
 */
export function kitModel(setting: ModelSetting, env: NodeJS.ProcessEnv): Model {
  if (setting.provider === 'gemini-api') {
    const key = instanceSecretName('GEMINI_API_KEY', env);
    return gemini({ model: setting.model, apiKey: () => env[key] });
  }
  return gemini({
    model: setting.model,
    vertex: { ...(setting.project ? { project: setting.project } : {}), location: setting.location },
  });
}
