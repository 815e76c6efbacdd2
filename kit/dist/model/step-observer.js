export {};
//# sourceMappingURL=step-observer.js.map