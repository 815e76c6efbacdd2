export {};
//# sourceMappingURL=turn-timing.js.map