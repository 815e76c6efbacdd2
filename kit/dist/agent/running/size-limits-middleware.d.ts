import type { ToolMiddleware } from '../../generate/index.js';
/**
 * Holds every tool call of an agent to the session's size limits before anything of it is
 * stored: its input before it runs, its interrupt's metadata, its output. A breach is the
 * tool's own error (`PAYLOAD_TOO_LARGE` naming the field), told to the model like any other,
 * so the turn goes on and the session stays usable.
 */
export declare const sizeLimitsMiddleware: ToolMiddleware;
