const SECRET_NAME = /(KEY|SECRET|TOKEN|PASSWORD|CREDENTIAL)/i;
const MIN_SECRET_LENGTH = 8;

// Shapes of secrets that may reach an error message without being in the environment (a
// tool's downstream API quoting its own request, say): Google API keys, secret query
// parameters, bearer tokens, JWTs, and the prefixed keys of common providers (Stripe, OpenAI,
// GitHub, Slack, AWS), PEM private keys.
const SECRET_PATTERNS: readonly RegExp[] = [
  /AIza[0-9A-Za-z_-]{35}/g,
  /([?&](?:key|api_key|apikey|access_token|token|secret|password|sig|signature)=)[^&\s"']+/gi,
  /(Bearer\s+)[A-Za-z0-9._~+/=-]+/g,
  /eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/g,
  /\b(?:sk|rk|pk|whsec)_(?:live|test)_[0-9A-Za-z]{8,}/g,
  /\bsk-(?:proj-)?[A-Za-z0-9_-]{20,}/g,
  /\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})/g,
  /\bxox[abposr]-[A-Za-z0-9-]{10,}/g,
  /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g,
  /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/g,
];

/** The values of environment variables whose names say they are secrets. */
export function environmentSecrets(env: NodeJS.ProcessEnv = process.env): string[] {
  // Only the values of secret names are read: each read of `process.env` asks the OS, and this
  // runs for every turn a trace records.
  const secrets: string[] = [];
  for (const name of Object.keys(env)) {
    if (!SECRET_NAME.test(name)) continue;
    const value = env[name];
    if (typeof value === 'string' && value.length >= MIN_SECRET_LENGTH) secrets.push(value);
  }
  return secrets;
}

/** `text` with every known secret value and every secret-shaped string replaced by `[redacted]`. */
export function redactSecrets(text: string, secrets: readonly string[] = environmentSecrets()): string {
  let clean = text;
  for (const secret of secrets) if (clean.includes(secret)) clean = clean.split(secret).join('[redacted]');
  for (const pattern of SECRET_PATTERNS) {
    clean = clean.replace(
      pattern,
      (_match, prefix: unknown) => `${typeof prefix === 'string' ? prefix : ''}[redacted]`,
    );
  }
  return clean;
}
