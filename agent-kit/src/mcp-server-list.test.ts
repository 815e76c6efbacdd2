import { describe, expect, it } from 'vitest';
import { parseMcpServers } from './mcp-server-list.js';

describe('parseMcpServers', () => {
  it('reads name=url entries with the headers given each by name', () => {
    const servers = parseMcpServers(
      'crm=https://crm.example.com/mcp, ops=http://127.0.0.1:8080/mcp',
      '{"crm": {"authorization": "Bearer k"}}',
    );
    expect(servers.map(({ name, url, headers }) => ({ name, url: url.href, headers }))).toEqual([
      { name: 'crm', url: 'https://crm.example.com/mcp', headers: { authorization: 'Bearer k' } },
      { name: 'ops', url: 'http://127.0.0.1:8080/mcp', headers: {} },
    ]);
  });

  it('has no servers when the param is empty', () => {
    expect(parseMcpServers(' ', '')).toEqual([]);
  });

  it.each([
    ['https://crm.example.com/mcp', '{}', 'must be name=url'],
    ['CRM=https://crm.example.com/mcp', '{}', 'must be name=url'],
    ['crm=ftp://crm.example.com', '{}', 'no http(s) URL'],
    ['crm=not a url', '{}', 'no http(s) URL'],
    ['crm=https://a.example.com,crm=https://b.example.com', '{}', "names 'crm' twice"],
    ['crm=https://crm.example.com', '{"crn": {"authorization": "x"}}', 'lacks: crn'],
    ['crm=https://crm.example.com', '{"crm": {"authorization": 1}}', 'AGENT_MCP_HEADERS.crm'],
    ['crm=https://crm.example.com', '[]', 'object of headers'],
  ])('refuses %j with headers %j (%s)', (servers, headers, message) => {
    expect(() => parseMcpServers(servers, headers)).toThrow(message);
  });

  it('never quotes the headers secret when it is not JSON', () => {
    expect(() => parseMcpServers('crm=https://crm.example.com', 'Bearer s3cret')).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('s3cret') }),
    );
  });
});
