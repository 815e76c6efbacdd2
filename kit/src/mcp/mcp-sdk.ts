import { lazy } from '../lazy/index.js';

/**
 * The MCP SDK's v2 client, imported on first use: an agent without MCP tools loads none of it
 * (the client is an optional peer dependency). Only this file names its modules at run time.
 */
export const loadMcpSdk = lazy(async () => {
  const [client, validation] = await Promise.all([
    import('@modelcontextprotocol/client'),
    import('@modelcontextprotocol/client/validators/ajv'),
  ]);
  return {
    Client: client.Client,
    StreamableHTTPClientTransport: client.StreamableHTTPClientTransport,
    ProtocolError: client.ProtocolError,
    SdkError: client.SdkError,
    SdkHttpError: client.SdkHttpError,
    SdkErrorCode: client.SdkErrorCode,
    isInputRequiredResult: client.isInputRequiredResult,
    AjvJsonSchemaValidator: validation.AjvJsonSchemaValidator,
  };
});

export type McpSdk = Awaited<ReturnType<typeof loadMcpSdk>>;
