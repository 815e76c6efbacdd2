/**
 * Signs `user` in with email and password on the Auth emulator's REST API (as every platform's
 * Auth SDK does underneath) and returns their ID token: what a mobile app sends as its Bearer token.
 */
export async function restSignIn(authPort: number, user: { email: string; password: string }): Promise<string> {
  const url = `http://127.0.0.1:${authPort}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password, returnSecureToken: true }),
  });
  const body = (await response.json()) as { idToken?: string; error?: unknown };
  if (!body.idToken) throw new Error(`the Auth emulator refused ${user.email}: ${JSON.stringify(body.error)}`);
  return body.idToken;
}

/**
 * An App Check token as the emulated functions read it (unverified there: its `sub` is the app's
 * id): what a mobile app's App Check provider would hand its SDK for `X-Firebase-AppCheck`.
 */
export function emulatorAppCheckToken(appId: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ sub: appId, iat: now, exp: now + 3600 })}.`;
}
