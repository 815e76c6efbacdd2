export {};
//# sourceMappingURL=flow-callable.js.map