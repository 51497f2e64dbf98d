// chainbill-mcp from the packed tarball, as an MCP client starts it: `npx chainbill-mcp --fake`
// over stdio, with the MCP SDK's own Client; tools/list must answer the read tools.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const transport = new StdioClientTransport({
  command: 'npx',
  args: ['chainbill-mcp', '--fake'],
  stderr: 'inherit',
});
const client = new Client({ name: 'chainbill-smoke', version: '1.0.0' });
await client.connect(transport);
try {
  const { tools } = await client.listTools();
  const names = tools.map((tool) => tool.name);
  for (const name of ['payouts_list', 'payouts_settlements_list', 'revenue_events_list'])
    if (!names.includes(name)) throw new Error(`tools/list has no ${name}: ${names.join(', ')}`);
  if (names.includes('payouts_create')) throw new Error('a write tool is offered by default');
  const page = await client.callTool({ name: 'payouts_list', arguments: { limit: 1 } });
  if (page.isError) throw new Error(`payouts_list failed: ${JSON.stringify(page.content)}`);
  console.log(`ok chainbill-mcp --fake: tools/list answered ${names.length} read tools, payouts_list a page`);
} finally {
  await client.close();
}
