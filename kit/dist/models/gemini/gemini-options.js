export {};
//# sourceMappingURL=gemini-options.js.map