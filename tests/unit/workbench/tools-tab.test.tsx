import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ToolsTab } from "@/components/workbench/tools-tab";
import type { WorkbenchTool } from "@/components/workbench/tool-panel";
import type { Rerun } from "@/components/workbench/rerun";
import type { CallRequest, CallStreamLine } from "@/lib/workbench/schema";
import { everythingTools } from "./everything";
import { installResizeObserver } from "./jsdom-gaps";

type Stream = (serverId: string, request: CallRequest, opts: { signal: AbortSignal; onLine: (line: CallStreamLine) => void }) => Promise<void>;
const mockStreamCall = jest.fn<ReturnType<Stream>, Parameters<Stream>>();
const mockTrack = jest.fn();
jest.mock("@/lib/workbench/hooks", () => ({
  ...jest.requireActual("@/lib/workbench/hooks"),
  streamCall: (...args: Parameters<Stream>) => mockStreamCall(...args),
}));
jest.mock("@/lib/analytics/track", () => ({ track: (...args: unknown[]) => mockTrack(...args) }));

beforeAll(installResizeObserver);
beforeEach(() => {
  mockStreamCall.mockReset();
  mockTrack.mockReset();
});

const SERVER = "5b0c5d7e-7f39-4a34-9a4b-0e7c1f1d2a10";
const tools = everythingTools as unknown as WorkbenchTool[];
const exchange = (request: CallRequest) => ({ request: { jsonrpc: "2.0", id: 7, method: request.method, params: request.params }, response: { jsonrpc: "2.0", id: 7, result: {} } });

function renderTab(props: Partial<Parameters<typeof ToolsTab>[0]> = {}) {
  const client = new QueryClient();
  const onRerunStarted = jest.fn();
  const onOpenResource = jest.fn();
  const view = render(
    <QueryClientProvider client={client}>
      <ToolsTab serverId={SERVER} tools={tools} logging tasks={false} rerun={null} onRerunStarted={onRerunStarted} onOpenResource={onOpenResource} {...props} />
    </QueryClientProvider>,
  );
  return { ...view, onRerunStarted, onOpenResource, client };
}

describe("the tools tab", () => {
  it("lists the tools with their hints and finds them by search", async () => {
    const user = userEvent.setup({ delay: null });
    renderTab();
    const list = screen.getByRole("list", { name: "Tools" });
    expect(within(list).getAllByRole("button")).toHaveLength(tools.length);
    const echo = within(list).getByRole("button", { name: /^echo/ });
    expect(echo).toHaveTextContent("Read-only");
    expect(echo).toHaveTextContent("Idempotent");

    await user.type(screen.getByRole("searchbox", { name: "Search tools" }), "sum");
    expect(within(screen.getByRole("list", { name: "Tools" })).getAllByRole("button").map((b) => b.textContent)).toEqual([
      expect.stringMatching(/^get-sum/),
    ]);
    await user.clear(screen.getByRole("searchbox", { name: "Search tools" }));
    await user.type(screen.getByRole("searchbox", { name: "Search tools" }), "nothing like this");
    expect(screen.getByText("No tools match “nothing like this”.")).toBeInTheDocument();
  });

  it("opens with the tool a link names selected (the command palette's), else the first", () => {
    const last = tools.at(-1)!.name;
    const { unmount } = renderTab({ linkedItem: last });
    const current = () => within(screen.getByRole("list", { name: "Tools" })).getByRole("button", { current: true });
    expect(current()).toHaveTextContent(new RegExp(`^${last}`));
    unmount();
    renderTab({ linkedItem: "no-such-tool" });
    expect(current()).toHaveTextContent(new RegExp(`^${tools[0]!.name}`));
  });

  it("runs a tool from its generated form with Ctrl+Enter and shows progress, then the result and the exchange", async () => {
    const user = userEvent.setup({ delay: null });
    let finish: () => void = () => {};
    mockStreamCall.mockImplementation((_id, request, { onLine }) => {
      onLine({ type: "progress", progress: 1, total: 2 });
      return new Promise<void>((resolve) => {
        finish = () => {
          onLine({ type: "result", result: { content: [{ type: "text", text: "The sum of 2 and 3 is 5." }] }, durationMs: 12, exchange: exchange(request), protocolVersion: "2025-11-25" });
          resolve();
        };
      });
    });
    renderTab();
    await user.click(screen.getByRole("button", { name: /^get-sum/ }));
    await user.type(screen.getByRole("spinbutton", { name: /^a/ }), "2");
    await user.type(screen.getByRole("spinbutton", { name: /^b/ }), "3");
    fireEvent.keyDown(screen.getByRole("spinbutton", { name: /^b/ }), { key: "Enter", ctrlKey: true });

    expect(mockStreamCall).toHaveBeenCalledTimes(1);
    const [serverId, request] = mockStreamCall.mock.calls[0];
    expect(serverId).toBe(SERVER);
    expect(request).toEqual({ method: "tools/call", params: { name: "get-sum", arguments: { a: 2, b: 3 } }, timeoutMs: 60_000, logLevel: "info", roots: [] });
    expect(await screen.findByRole("progressbar", { name: "Call progress" })).toHaveAttribute("aria-valuenow", "1");
    expect(screen.getByRole("button", { name: "Run tool" })).toBeDisabled();

    await act(async () => finish());
    expect(await screen.findByText("The sum of 2 and 3 is 5.")).toBeInTheDocument();
    expect(screen.getByText("12 ms")).toBeInTheDocument();
    expect(screen.getByRole("group", { name: "JSON-RPC exchange" })).toBeInTheDocument();
    expect(mockTrack).toHaveBeenCalledWith("workbench_call", { method: "tools/call", ok: true });
  });

  it("does not send arguments that break the schema", async () => {
    const user = userEvent.setup({ delay: null });
    renderTab();
    await user.click(screen.getByRole("button", { name: /^echo/ }));
    await user.click(screen.getByRole("button", { name: "Run tool" }));
    expect(mockStreamCall).not.toHaveBeenCalled();
    expect(screen.getByRole("alert")).toHaveTextContent(/message/);
  });

  it("cancels a running call", async () => {
    const user = userEvent.setup({ delay: null });
    let signal: AbortSignal | undefined;
    mockStreamCall.mockImplementation((_id, _request, opts) => {
      signal = opts.signal;
      return new Promise<void>((_, reject) => opts.signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))));
    });
    renderTab();
    await user.click(screen.getByRole("button", { name: /^trigger-long-running-operation/ }));
    await user.click(screen.getByRole("button", { name: "Run tool" }));
    await user.click(await screen.findByRole("button", { name: "Cancel" }));
    expect(signal?.aborted).toBe(true);
    expect(await screen.findByText("You cancelled the call.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Run tool" })).toBeEnabled();
  });

  it("shows why a call failed", async () => {
    const user = userEvent.setup({ delay: null });
    mockStreamCall.mockImplementation(async (_id, request, { onLine }) => {
      onLine({ type: "error", error: "upstream_timeout", message: "The server at http://x/mcp did not answer within 1 s.", durationMs: 1000, exchange: { request: { method: request.method } } });
    });
    renderTab();
    await user.click(screen.getByRole("button", { name: /^get-env/ }));
    await user.click(screen.getByRole("button", { name: "Run tool" }));
    expect(await screen.findByText("The server at http://x/mcp did not answer within 1 s.")).toBeInTheDocument();
    expect(screen.getByText("The call failed")).toBeInTheDocument();
  });

  it("runs a call picked from the history with its arguments, once", async () => {
    mockStreamCall.mockResolvedValue(undefined);
    const rerun: Rerun = { serverId: SERVER, request: { method: "tools/call", params: { name: "echo", arguments: { message: "from history" } } } };
    const { onRerunStarted } = renderTab({ rerun });
    expect(await screen.findByRole("heading", { name: "echo" })).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: /message/ })).toHaveValue("from history");
    expect(onRerunStarted).toHaveBeenCalledTimes(1);
    expect(mockStreamCall).toHaveBeenCalledTimes(1);
    expect(mockStreamCall.mock.calls[0][1]).toMatchObject({ method: "tools/call", params: { name: "echo", arguments: { message: "from history" } } });
  });

  it("ignores a rerun meant for another server", () => {
    const rerun: Rerun = { serverId: "another", request: { method: "tools/call", params: { name: "echo", arguments: { message: "x" } } } };
    const { onRerunStarted } = renderTab({ rerun });
    expect(onRerunStarted).not.toHaveBeenCalled();
    expect(mockStreamCall).not.toHaveBeenCalled();
  });

  it("runs a tool that requires a task as a task", async () => {
    const user = userEvent.setup({ delay: null });
    mockStreamCall.mockResolvedValue(undefined);
    renderTab({ tasks: true });
    await user.click(screen.getByRole("button", { name: /^simulate-research-query/ }));
    await user.type(screen.getByRole("textbox", { name: /topic/ }), "pools");
    const task = screen.getByRole("switch", { name: "Run as a task (required by this tool)" });
    expect(task).toBeChecked();
    expect(task).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Run tool" }));
    expect(mockStreamCall.mock.calls[0][1]).toMatchObject({ params: { name: "simulate-research-query", arguments: { topic: "pools" }, task: {} } });
  });

  it("lets the person choose a task when the tool allows one, and never offers one to a tool that forbids it or says nothing", async () => {
    const user = userEvent.setup({ delay: null });
    mockStreamCall.mockResolvedValue(undefined);
    const base = tools.find((t) => t.name === "get-env")!;
    const optional: WorkbenchTool = { ...base, name: "optional", execution: { taskSupport: "optional" } };
    const undeclared: WorkbenchTool = { ...base, name: "undeclared", execution: undefined };
    renderTab({ tasks: true, tools: [...tools, optional, undeclared] });
    await user.click(screen.getByRole("button", { name: /^echo/ }));
    expect(screen.queryByRole("switch", { name: /Run as a task/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: /^undeclared/ }));
    expect(screen.queryByRole("switch", { name: /Run as a task/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: /^optional/ }));
    const task = screen.getByRole("switch", { name: "Run as a task" });
    expect(task).not.toBeChecked();
    await user.click(task);
    await user.click(screen.getByRole("button", { name: "Run tool" }));
    expect(mockStreamCall.mock.calls[0][1]).toMatchObject({ params: { name: "optional", task: {} } });
  });
});
