export {};
//# sourceMappingURL=turn-result.js.map