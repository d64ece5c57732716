import type { ServerTransport } from "@/lib/mcp/types";

export const TRANSPORT_INFO: Record<ServerTransport, { label: string; short: string; description: string }> = {
  "streamable-http": {
    label: "Streamable HTTP",
    short: "Streamable HTTP",
    description: "The current MCP transport (protocol 2025-03-26 and later): one endpoint, usually ending in /mcp.",
  },
  sse: {
    label: "SSE (HTTP + Server-Sent Events)",
    short: "SSE",
    description: "The older transport (protocol 2024-11-05) that many servers still offer: usually ends in /sse.",
  },
  stdio: {
    label: "Command (stdio)",
    short: "stdio",
    description: "An npm package the console installs and runs as a command in its sandbox, and talks to over stdin and stdout.",
  },
};
