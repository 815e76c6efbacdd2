import { KitError } from '../../errors/index.js';

// Gemini function names: a letter or underscore first, then letters, digits, `_ . : -`, at most 64.
const GEMINI_NAME = /^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$/;

/** A tool name as Gemini accepts it: `/` becomes `__`, any other character it refuses `_`. */
export function sanitizeToolName(name: string): string {
  const sanitized = name.replaceAll('/', '__').replace(/[^A-Za-z0-9_.:-]/g, '_');
  if (!GEMINI_NAME.test(sanitized)) {
    // Tool names are the flow's code, not the caller's data: the operator's to fix.
    throw new KitError('internal', `tool name '${name}' can't be sent to Gemini (as '${sanitized}')`, {
      details: { tool: name },
      reason: 'SERVER_MISCONFIGURED',
    });
  }
  return sanitized;
}

/**
 * The two-way map between kit tool names and the names Gemini sees. Names come back through
 * the map, never by undoing the sanitising, so `a__b` and `a/b` stay apart.
 */
export class ToolNames {
  private readonly toProvider = new Map<string, string>();
  private readonly fromProvider = new Map<string, string>();

  /** Registers the request's tools; two names that sanitise alike are refused. */
  constructor(names: readonly string[] = []) {
    for (const name of names) {
      const sanitized = this.toGemini(name);
      const other = this.fromProvider.get(sanitized);
      if (other !== undefined && other !== name) {
        throw new KitError('internal', `tools '${other}' and '${name}' both become '${sanitized}' for Gemini`, {
          reason: 'SERVER_MISCONFIGURED',
        });
      }
      this.fromProvider.set(sanitized, name);
    }
  }

  /** The name to send Gemini. */
  toGemini(name: string): string {
    let sanitized = this.toProvider.get(name);
    if (sanitized === undefined) {
      sanitized = sanitizeToolName(name);
      this.toProvider.set(name, sanitized);
    }
    return sanitized;
  }

  /** The kit name of a function Gemini called (a name no tool has comes back as it is). */
  fromGemini(name: string): string {
    return this.fromProvider.get(name) ?? name;
  }
}
