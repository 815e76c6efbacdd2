export {};
//# sourceMappingURL=on-call-flow-options.js.map