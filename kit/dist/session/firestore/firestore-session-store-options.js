/** The default bound on one Firestore call of the session store. */
export const DEFAULT_FIRESTORE_CALL_TIMEOUT_MS = 8_000;
//# sourceMappingURL=firestore-session-store-options.js.map