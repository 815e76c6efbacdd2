export {};
//# sourceMappingURL=flow.js.map