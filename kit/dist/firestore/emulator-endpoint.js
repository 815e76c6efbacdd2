/** The emulator takes this token as the server's own (rules bypassed), as the SDK sends it. */
const EMULATOR_AUTHORIZATION = 'Bearer owner';
/** The Firestore emulator at `host` (`FIRESTORE_EMULATOR_HOST`: `host:port`), as the SDK talks to it. */
export function emulatorEndpoint(host) {
    return { origin: `http://${host}`, authorization: async () => EMULATOR_AUTHORIZATION };
}
//# sourceMappingURL=emulator-endpoint.js.map