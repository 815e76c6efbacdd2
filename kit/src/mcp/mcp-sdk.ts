import { lazy } from '../lazy/index.js';

/**
 * The MCP SDK, imported on first use: an agent without MCP tools loads none of it (the SDK is an
 * optional peer dependency). Only this file names its modules at run time.
 */
export const loadMcpSdk = lazy(async () => {
  const [client, transport, validation, types] = await Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
    import('@modelcontextprotocol/sdk/validation/ajv'),
    import('@modelcontextprotocol/sdk/types.js'),
  ]);
  return {
    Client: client.Client,
    StreamableHTTPClientTransport: transport.StreamableHTTPClientTransport,
    StreamableHTTPError: transport.StreamableHTTPError,
    AjvJsonSchemaValidator: validation.AjvJsonSchemaValidator,
    McpError: types.McpError,
  };
});

export type McpSdk = Awaited<ReturnType<typeof loadMcpSdk>>;
