export {};
//# sourceMappingURL=agent.js.map