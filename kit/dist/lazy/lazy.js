/**
 * `make`, called on first use and its result shared by every caller after; a rejection is not
 * remembered, so the next call tries again. A cached rejected promise would fail every call of a
 * warm instance until it is recycled (a cold start that met a brief outage, say).
 */
export function lazy(make) {
    let made;
    return () => {
        if (made)
            return made;
        const attempt = Promise.resolve()
            .then(make)
            .catch((error) => {
            // Only this attempt is forgotten: a later one that already replaced it stays.
            if (made === attempt)
                made = undefined;
            throw error;
        });
        made = attempt;
        return attempt;
    };
}
//# sourceMappingURL=lazy.js.map