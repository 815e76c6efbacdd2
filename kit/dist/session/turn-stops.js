export {};
//# sourceMappingURL=turn-stops.js.map