export {};
//# sourceMappingURL=session-sweep.js.map