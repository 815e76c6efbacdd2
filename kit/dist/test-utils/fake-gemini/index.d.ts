export { type FakeGemini, startFakeGemini } from './fake-gemini-server.js';
export type { FakeGeminiAnswer, FakeGeminiError, FakeGeminiStep, GeminiJson, RecordedGeminiRequest, } from './fake-gemini-step.js';
export { type GeminiResponseOptions, geminiResponse, geminiText, geminiTextChunks } from './gemini-json.js';
