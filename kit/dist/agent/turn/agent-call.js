export {};
//# sourceMappingURL=agent-call.js.map