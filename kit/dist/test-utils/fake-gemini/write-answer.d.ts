import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FakeGeminiStep } from './fake-gemini-step.js';
/** Writes one scripted answer (with its faults) to `res`. */
export declare function writeAnswer(req: IncomingMessage, res: ServerResponse, step: FakeGeminiStep, stream: boolean): Promise<void>;
