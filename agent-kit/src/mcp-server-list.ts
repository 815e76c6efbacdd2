import { KitError } from '@callable-flows/kit/errors/index.js';

/** One MCP server the agent's tools come from, and the headers it is sent. */
export interface McpServerSetting {
  /** Names the server; its tools are called `<name>_<tool>`. */
  name: string;
  url: URL;
  headers: Readonly<Record<string, string>>;
}

function refused(message: string): KitError {
  return new KitError('failed-precondition', message);
}

/** Reads `AGENT_MCP_HEADERS`: JSON, an object of header objects by server name (empty: none). */
function parseHeaders(json: string): Record<string, Record<string, string>> {
  if (json.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    // The secret's value is never quoted: it holds credentials.
    throw refused('AGENT_MCP_HEADERS is not JSON: it must be an object of headers by server name');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw refused('AGENT_MCP_HEADERS must be an object of headers by server name');
  }
  const byServer: Record<string, Record<string, string>> = {};
  for (const [server, headers] of Object.entries(parsed)) {
    const values = typeof headers === 'object' && headers !== null ? Object.values(headers) : [0];
    if (Array.isArray(headers) || !values.every((v) => typeof v === 'string')) {
      throw refused(`AGENT_MCP_HEADERS.${server} must be an object of string header values`);
    }
    byServer[server] = headers as Record<string, string>;
  }
  return byServer;
}

function parseEntry(entry: string): { name: string; url: URL } {
  const at = entry.indexOf('=');
  const name = entry.slice(0, at).trim();
  if (at < 0 || !/^[a-z][a-z0-9]{0,19}$/.test(name)) {
    throw refused(`AGENT_MCP_SERVERS entry '${entry}' must be name=url, the name lowercase letters and digits`);
  }
  const url = URL.parse(entry.slice(at + 1).trim());
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw refused(`AGENT_MCP_SERVERS entry '${name}' has no http(s) URL`);
  }
  return { name, url };
}

/**
 * Reads `AGENT_MCP_SERVERS` (`name=url`, comma-separated) with the headers `AGENT_MCP_HEADERS`
 * gives each. Headers for a server not listed are refused: they would be a typo that sends a
 * server no credentials.
 */
export function parseMcpServers(servers: string, headersJson: string): McpServerSetting[] {
  const headers = parseHeaders(headersJson);
  const entries = servers
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map(parseEntry);
  const names = new Set<string>();
  for (const { name } of entries) {
    if (names.has(name)) throw refused(`AGENT_MCP_SERVERS names '${name}' twice`);
    names.add(name);
  }
  const unknown = Object.keys(headers).filter((name) => !names.has(name));
  if (unknown.length > 0)
    throw refused(`AGENT_MCP_HEADERS names servers AGENT_MCP_SERVERS lacks: ${unknown.join(', ')}`);
  return entries.map(({ name, url }) => ({ name, url, headers: headers[name] ?? {} }));
}
