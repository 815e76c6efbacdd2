export {};
//# sourceMappingURL=fake-gemini-step.js.map