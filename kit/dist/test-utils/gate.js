/** A gate to hold a model or a tool until a test lets it go. */
export function gate() {
    let open = () => undefined;
    const promise = new Promise((resolve) => {
        open = resolve;
    });
    return { promise, open };
}
//# sourceMappingURL=gate.js.map