/**
 * The MCP protocol revisions the console speaks, newest first: what a
 * server can be pinned to, and what the upstream runtime negotiates among.
 * The one list: the API's validation, the form's choices and the runtime
 * all read it. Shared with the browser, so nothing here is server-only.
 */
export const PROTOCOL_REVISIONS = ["2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"] as const;
export type ProtocolRevision = (typeof PROTOCOL_REVISIONS)[number];

/** A server's `protocol` setting: "auto" negotiates (the newest revision first, 2025 after); a revision pins it. */
export const PROTOCOL_AUTO = "auto";
export const PROTOCOL_SETTINGS = [PROTOCOL_AUTO, ...PROTOCOL_REVISIONS] as const;
export type ProtocolSetting = (typeof PROTOCOL_SETTINGS)[number];
