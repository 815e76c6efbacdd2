export {};
//# sourceMappingURL=generate-options.js.map