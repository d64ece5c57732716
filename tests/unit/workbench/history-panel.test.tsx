import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HistoryPanel } from "@/components/workbench/history-panel";
import type { HistoryEntry } from "@/lib/workbench/schema";
import { installResizeObserver } from "./jsdom-gaps";

const mockApiGet = jest.fn();
jest.mock("@/lib/api-client/fetch", () => ({ apiGet: (...args: unknown[]) => mockApiGet(...args), apiSend: jest.fn() }));

beforeAll(installResizeObserver);
beforeEach(() => mockApiGet.mockReset());

const SERVER = "5b0c5d7e-7f39-4a34-9a4b-0e7c1f1d2a10";
const entry = (over: Partial<HistoryEntry>): HistoryEntry => ({
  id: "0e0b0c7e-1f39-4a34-9a4b-0e7c1f1d2a11",
  serverId: SERVER,
  serverName: "Everything",
  method: "tools/call",
  target: "echo",
  params: { name: "echo", arguments: { message: "hi" } },
  ok: true,
  cancelled: false,
  durationMs: 12,
  summary: "Echo: hi",
  createdAt: new Date().toISOString(),
  ...over,
});

function renderPanel(onRerun = jest.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <HistoryPanel serverId={SERVER} onRerun={onRerun} />
    </QueryClientProvider>,
  );
  return onRerun;
}

describe("the history panel", () => {
  it("lists the calls on this server, newest first, each one click from running again", async () => {
    const user = userEvent.setup({ delay: null });
    const failed = entry({ id: "1e0b0c7e-1f39-4a34-9a4b-0e7c1f1d2a12", method: "resources/read", target: "demo://x/1", params: { uri: "demo://x/1" }, ok: false, summary: "The call was cancelled." });
    mockApiGet.mockResolvedValue({ calls: [failed, entry({})] });
    const onRerun = renderPanel();

    const items = within(await screen.findByRole("list", { name: "Recent calls" })).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent("Resource demo://x/1");
    expect(items[0]).toHaveTextContent("error");
    expect(items[1]).toHaveTextContent("Tool echo");
    expect(items[1]).toHaveTextContent("Echo: hi");
    expect(mockApiGet).toHaveBeenCalledWith(`/api/workbench/history?serverId=${SERVER}`, expect.anything());

    await user.click(screen.getByRole("button", { name: "Run again: Tool echo" }));
    expect(onRerun).toHaveBeenCalledWith(expect.objectContaining({ method: "tools/call", params: { name: "echo", arguments: { message: "hi" } } }));
  });

  it("shows the calls on every server when asked, with the server's name", async () => {
    const user = userEvent.setup({ delay: null });
    mockApiGet.mockImplementation(async (path: string) =>
      path.includes("serverId") ? { calls: [] } : { calls: [entry({ serverName: "Elsewhere", method: "ping", target: null, params: {}, summary: "Pong" })] },
    );
    renderPanel();
    expect(await screen.findByText(/No calls yet/)).toBeInTheDocument();
    await user.click(screen.getByRole("switch", { name: "All servers" }));
    const item = within(await screen.findByRole("list", { name: "Recent calls" })).getByRole("listitem");
    expect(item).toHaveTextContent("Ping");
    expect(item).toHaveTextContent("Elsewhere");
    expect(mockApiGet).toHaveBeenLastCalledWith("/api/workbench/history", expect.anything());
  });
});
