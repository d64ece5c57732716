// A local MCP server (the SDK's own server classes over Streamable HTTP,
// stateless, on loopback) that lists `count` tools in one page: what the
// scanner benchmark scans. The definitions are ordinary ones of a realistic
// size — a description, three described and bounded parameters, annotations.
import http from "node:http";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

function tool(i) {
  const n = String(i).padStart(4, "0");
  return {
    name: `records_${n}`,
    title: `Records ${n}`,
    description: `Looks up entries in catalogue ${n} by a free-text query and returns at most \`limit\` matches, newest first.`,
    inputSchema: {
      type: "object",
      properties: {
        query: { type: "string", description: "Words to look for in titles and summaries.", maxLength: 200 },
        limit: { type: "integer", description: "How many matches to return.", minimum: 1, maximum: 50, default: 10 },
        order: { type: "string", description: "Sort order.", enum: ["newest", "oldest", "relevance"], default: "newest" },
      },
      required: ["query"],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
  };
}

export async function startManyToolsServer(count) {
  const tools = Array.from({ length: count }, (_, i) => tool(i + 1));
  const server = http.createServer(async (req, res) => {
    const mcp = new Server({ name: "many-tools", version: "1.0.0" }, { capabilities: { tools: {} } });
    mcp.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on("close", () => {
      void transport.close();
      void mcp.close();
    });
    await mcp.connect(transport);
    await transport.handleRequest(req, res);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/mcp`,
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}
