import { render, screen, within } from "@testing-library/react";

import { CallOutput } from "@/components/workbench/call-output";
import type { CallState } from "@/lib/workbench/use-call";

/** What an answer says about itself next to its duration: the revision it was spoken in and, when the server gave one, its cache hint. */

const read = (result: unknown, protocolVersion: string): CallState => ({
  status: "done",
  request: { method: "resources/read", params: { uri: "menu://today" } },
  logs: [],
  requests: [],
  result,
  durationMs: 42,
  protocolVersion,
  exchange: { request: { jsonrpc: "2.0", id: 1, method: "resources/read" } },
});

const contents = [{ uri: "menu://today", mimeType: "text/plain", text: "Soup" }];
const header = () => screen.getByRole("heading", { name: "Result of menu://today" }).parentElement!;
/** The badge whose screen-reader label starts with `label` (the badges carry a title). */
const badge = (label: string) => within(header()).queryByText(label)?.closest("[title]") ?? null;

describe("an answer's revision and cache hint", () => {
  it("shows the revision of a modern answer and how long, and for whom, it may be reused", () => {
    render(<CallOutput title="menu://today" state={read({ contents, ttlMs: 300_000, cacheScope: "public" }, "2026-07-28")} />);
    expect(badge("Revision:")).toHaveTextContent("Revision: MCP 2026-07-28");
    expect(badge("Cache hint:")).toHaveTextContent("Cache hint: 5 min · public");
    expect(badge("Cache hint:")).toHaveAttribute("title", "The server allows this answer to be reused for 5 min, by any client");
  });

  it("says when the server asks that an answer not be reused, and that a private one is for this user", () => {
    const { unmount } = render(<CallOutput title="menu://today" state={read({ contents, ttlMs: 0, cacheScope: "private" }, "2026-07-28")} />);
    expect(badge("Cache hint:")).toHaveTextContent("Cache hint: no reuse · private");
    unmount();
    render(<CallOutput title="menu://today" state={read({ contents, ttlMs: 1_500, cacheScope: "private" }, "2026-07-28")} />);
    expect(badge("Cache hint:")).toHaveAttribute("title", "The server allows this answer to be reused for 1.50 s, by this user only");
  });

  it("shows only the revision of a 2025 answer, which carries no cache hint", () => {
    render(<CallOutput title="menu://today" state={read({ contents }, "2025-11-25")} />);
    expect(badge("Revision:")).toHaveTextContent("Revision: MCP 2025-11-25");
    expect(badge("Cache hint:")).toBeNull();
  });
});
