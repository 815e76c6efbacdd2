export { startFakeGemini } from './fake-gemini-server.js';
export { geminiResponse, geminiText, geminiTextChunks } from './gemini-json.js';
//# sourceMappingURL=index.js.map