export {};
//# sourceMappingURL=send-result.js.map