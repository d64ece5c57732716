import { PROTOCOL_AUTO, type ProtocolSetting } from "@/lib/mcp/protocol-revisions";

/** How a server's `protocol` setting reads in the form and on its pages. */
export function protocolLabel(setting: ProtocolSetting): string {
  return setting === PROTOCOL_AUTO ? "Automatic (recommended)" : setting;
}

export const PROTOCOL_HINT =
  "Automatic asks the server for the newest revision it speaks and falls back to 2025. Pin a revision only for a server that misbehaves when probed.";
