import type { ModelMiddleware } from '../model.js';
import type { ModelSupports } from '../model-info.js';
import type { GenerateRequest } from '../request.js';
/** Why `request` asks for something `supports` rules out, naming the offending part; else undefined. */
export declare function findUnsupported(request: GenerateRequest, supports: ModelSupports): string | undefined;
/** Fails fast, before any network call, when a request needs what the model can't do. */
export declare function validateSupport(modelName: string, supports: ModelSupports): ModelMiddleware;
