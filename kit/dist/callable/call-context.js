export {};
//# sourceMappingURL=call-context.js.map