export {};
//# sourceMappingURL=turn-plan.js.map