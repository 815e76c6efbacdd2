/** The default of {@link UsageLimits.refreshMs}. */
export const DEFAULT_LIMITS_REFRESH_MS = 60_000;
/** The default of {@link UsageLimits.rereadAt}. */
export const DEFAULT_LIMITS_REREAD_AT = 0.8;
//# sourceMappingURL=usage-limits.js.map