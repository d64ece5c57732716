import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, renderHook, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { PromptsTab } from "@/components/workbench/prompts-tab";
import type { Rerun } from "@/components/workbench/rerun";
import { ResourcesTab } from "@/components/workbench/resources-tab";
import { ApiError } from "@/lib/api-client/api-error";
import type { CallRequest, CallStreamLine, ServerEventLine } from "@/lib/workbench/schema";
import { useResourceSubscriptions } from "@/lib/workbench/use-subscriptions";
import { installResizeObserver } from "./jsdom-gaps";

type Stream = (serverId: string, request: CallRequest, opts: { signal: AbortSignal; onLine: (line: CallStreamLine) => void }) => Promise<void>;
const mockStreamCall = jest.fn<ReturnType<Stream>, Parameters<Stream>>();
type Listen = (serverId: string, opts: { signal: AbortSignal; onLine: (line: ServerEventLine) => void }) => Promise<void>;
const mockListen = jest.fn<ReturnType<Listen>, Parameters<Listen>>();
jest.mock("@/lib/workbench/hooks", () => ({
  ...jest.requireActual("@/lib/workbench/hooks"),
  streamCall: (...args: Parameters<Stream>) => mockStreamCall(...args),
  listenToServer: (...args: Parameters<Listen>) => mockListen(...args),
}));
jest.mock("@/lib/analytics/track", () => ({ track: () => {} }));
const mockApiSend = jest.fn();
jest.mock("@/lib/api-client/fetch", () => ({ apiGet: jest.fn(), apiSend: (...args: unknown[]) => mockApiSend(...args) }));

beforeAll(installResizeObserver);
beforeEach(() => {
  mockStreamCall.mockReset();
  mockApiSend.mockReset();
  mockListen.mockReset();
});

const SERVER = "5b0c5d7e-7f39-4a34-9a4b-0e7c1f1d2a10";

function wrap(children: ReactNode) {
  return render(<QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>);
}

const resources = [{ uri: "demo://resource/static/document/features.md", name: "features.md", mimeType: "text/markdown", description: "The feature list" }];
const templates = [{ uriTemplate: "demo://resource/dynamic/text/{resourceId}", name: "Dynamic Text Resource", description: "Text made from {resourceId}" }];

function answer(result: unknown): Stream {
  return async (_id, request, { onLine }) => {
    onLine({ type: "result", result, durationMs: 3, exchange: { request: { jsonrpc: "2.0", id: 1, method: request.method, params: request.params } }, protocolVersion: "2025-11-25" });
  };
}

describe("the resources tab", () => {
  it("reads a listed resource and shows its contents", async () => {
    const user = userEvent.setup({ delay: null });
    mockStreamCall.mockImplementation(answer({ contents: [{ uri: resources[0].uri, mimeType: "text/markdown", text: "# Features" }] }));
    wrap(<ResourcesTab serverId={SERVER} resources={resources} templates={templates} completions={false} subscriptions={false} rerun={null} onRerunStarted={() => {}} onOpenResource={() => {}} />);

    expect(screen.getByRole("heading", { name: "features.md" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Read resource" }));
    expect(mockStreamCall.mock.calls[0][1]).toEqual({ method: "resources/read", params: { uri: resources[0].uri }, roots: [] });
    const output = await screen.findByRole("region", { name: `Call of ${resources[0].uri}` });
    expect(within(output).getByText("# Features")).toBeInTheDocument();
  });

  it("subscribes to a resource, shows the updates the server sends while subscribed, and reads one again", async () => {
    const user = userEvent.setup({ delay: null });
    const uri = resources[0].uri;
    mockApiSend.mockImplementation(async (method: string) => ({ subscriptions: method === "POST" ? [uri] : [] }));
    let say: (line: ServerEventLine) => void = () => {};
    mockListen.mockImplementation((_id, { signal, onLine }) => {
      say = onLine;
      return new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve()));
    });
    mockStreamCall.mockImplementation(answer({ contents: [{ uri, text: "# Features" }] }));
    wrap(<ResourcesTab serverId={SERVER} resources={resources} templates={templates} completions={false} subscriptions rerun={null} onRerunStarted={() => {}} onOpenResource={() => {}} />);

    expect(mockListen).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Subscribe to updates" }));
    expect(mockApiSend).toHaveBeenLastCalledWith("POST", `/api/servers/${SERVER}/subscriptions`, { uri });
    expect(await screen.findByRole("button", { name: "Unsubscribe" })).toHaveAttribute("aria-pressed", "true");
    expect(mockListen).toHaveBeenCalledTimes(1);
    act(() => say({ type: "ready", subscriptions: [uri] }));
    act(() => say({ type: "resource-updated", uri }));
    const log = screen.getByRole("log", { name: "Resource updates" });
    expect(within(log).getByText(uri)).toBeInTheDocument();
    await user.click(within(log).getByRole("button", { name: `Read it again (${uri})` }));
    expect(mockStreamCall.mock.calls[0][1]).toMatchObject({ method: "resources/read", params: { uri } });

    await user.click(screen.getByRole("button", { name: "Unsubscribe" }));
    expect(mockApiSend).toHaveBeenLastCalledWith("DELETE", `/api/servers/${SERVER}/subscriptions?uri=${encodeURIComponent(uri)}`);
    expect(await screen.findByRole("button", { name: "Subscribe to updates" })).toHaveAttribute("aria-pressed", "false");
    // No subscription left: the page stops listening.
    expect(mockListen.mock.calls[0][1].signal.aborted).toBe(true);
  });

  it("listens again after the stream drops, waiting longer each time the server stays away", async () => {
    jest.useFakeTimers();
    try {
      const uri = resources[0].uri;
      mockApiSend.mockResolvedValue({ subscriptions: [uri] });
      mockListen.mockRejectedValue(new ApiError(502, "Bad Gateway", "502: The server is not answering."));
      const { result } = renderHook(() => useResourceSubscriptions(SERVER, true));
      await act(() => result.current.toggle(uri));
      expect(mockListen).toHaveBeenCalledTimes(1);
      await act(() => jest.advanceTimersByTimeAsync(1_999));
      expect(mockListen).toHaveBeenCalledTimes(1);
      await act(() => jest.advanceTimersByTimeAsync(1));
      expect(mockListen).toHaveBeenCalledTimes(2);
      await act(() => jest.advanceTimersByTimeAsync(3_999));
      expect(mockListen).toHaveBeenCalledTimes(2);
      await act(() => jest.advanceTimersByTimeAsync(1));
      expect(mockListen).toHaveBeenCalledTimes(3);
    } finally {
      jest.useRealTimers();
    }
  });

  it("fills a template's variables into its URI before reading, and asks for the missing ones", async () => {
    const user = userEvent.setup({ delay: null });
    mockStreamCall.mockImplementation(answer({ contents: [{ uri: "demo://resource/dynamic/text/5", text: "Resource 5" }] }));
    wrap(<ResourcesTab serverId={SERVER} resources={resources} templates={templates} completions={false} subscriptions={false} rerun={null} onRerunStarted={() => {}} onOpenResource={() => {}} />);

    await user.click(within(screen.getByRole("list", { name: "Resource templates" })).getByRole("button", { name: /Dynamic Text Resource/ }));
    await user.click(screen.getByRole("button", { name: "Read resource" }));
    expect(mockStreamCall).not.toHaveBeenCalled();
    const field = screen.getByRole("textbox", { name: "resourceId" });
    expect(field).toHaveAccessibleDescription("Enter a value for resourceId.");
    expect(field).toHaveFocus();

    await user.type(field, "5 6");
    expect(screen.getByText("demo://resource/dynamic/text/5%206")).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, "5");
    await user.click(screen.getByRole("button", { name: "Read resource" }));
    expect(mockStreamCall.mock.calls[0][1]).toEqual({ method: "resources/read", params: { uri: "demo://resource/dynamic/text/5" }, roots: [] });
    expect(await screen.findByText("Resource 5")).toBeInTheDocument();
  });

  it("opens a resource link: any URI, read at once", async () => {
    mockStreamCall.mockImplementation(answer({ contents: [{ uri: "demo://resource/session/a.gz", mimeType: "application/gzip", blob: "H4sIAAAAAAAAA8tIzcnJBwCGphA2BQAAAA==" }] }));
    const onRerunStarted = jest.fn();
    const rerun: Rerun = { serverId: SERVER, request: { method: "resources/read", params: { uri: "demo://resource/session/a.gz" } } };
    wrap(<ResourcesTab serverId={SERVER} resources={resources} templates={templates} completions={false} subscriptions={false} rerun={rerun} onRerunStarted={onRerunStarted} onOpenResource={() => {}} />);
    expect(await screen.findByRole("link", { name: /^Download a\.gz/ })).toBeInTheDocument();
    expect(onRerunStarted).toHaveBeenCalledTimes(1);
    expect(mockStreamCall).toHaveBeenCalledTimes(1);
  });
});

describe("the prompts tab", () => {
  const prompts = [
    {
      name: "args-prompt",
      title: "Arguments Prompt",
      description: "A prompt with two arguments",
      arguments: [
        { name: "city", description: "Name of the city", required: true },
        { name: "state", required: false },
      ],
    },
  ];

  it("asks for required arguments, leaves out empty optional ones and shows the messages", async () => {
    const user = userEvent.setup({ delay: null });
    mockStreamCall.mockImplementation(answer({ messages: [{ role: "user", content: { type: "text", text: "What's the weather in Lyon?" } }] }));
    wrap(<PromptsTab serverId={SERVER} prompts={prompts} completions={false} rerun={null} onRerunStarted={() => {}} onOpenResource={() => {}} />);

    await user.click(screen.getByRole("button", { name: "Get prompt" }));
    expect(mockStreamCall).not.toHaveBeenCalled();
    expect(screen.getByRole("textbox", { name: "city" })).toHaveFocus();
    expect(screen.getByText("Enter a value for city.")).toBeInTheDocument();

    await user.type(screen.getByRole("textbox", { name: "city" }), "Lyon");
    await user.click(screen.getByRole("button", { name: "Get prompt" }));
    expect(mockStreamCall.mock.calls[0][1]).toEqual({ method: "prompts/get", params: { name: "args-prompt", arguments: { city: "Lyon" } }, roots: [] });
    const messages = await screen.findByRole("group", { name: "Prompt messages" });
    expect(within(messages).getByText("What's the weather in Lyon?")).toBeInTheDocument();
  });

  it("offers the server's suggestions while an argument is typed, narrowed by the arguments already filled in", async () => {
    const user = userEvent.setup({ delay: null });
    const staff: Record<string, string[]> = { Engineering: ["Alice", "Bob"], Sales: ["David", "Eve"] };
    mockApiSend.mockImplementation(async (_method: string, _path: string, body: { argument: { name: string; value: string }; context?: { arguments: Record<string, string> } }) => {
      const pool = body.argument.name === "department" ? Object.keys(staff) : (staff[body.context?.arguments.department ?? ""] ?? []);
      return { values: pool.filter((v) => v.startsWith(body.argument.value)) };
    });
    const completable = [{ name: "completable-prompt", arguments: [{ name: "department", required: true }, { name: "name", required: true }] }];
    wrap(<PromptsTab serverId={SERVER} prompts={completable} completions rerun={null} onRerunStarted={() => {}} onOpenResource={() => {}} />);
    const optionsOf = (field: HTMLElement) => [...(field as HTMLInputElement).list!.options].map((o) => o.value);

    const department = screen.getByRole("textbox", { name: "department" });
    await user.type(department, "E");
    const suggested = await screen.findByRole("combobox", { name: "department" });
    await waitFor(() => expect(optionsOf(suggested)).toEqual(["Engineering"]));
    expect(mockApiSend).toHaveBeenLastCalledWith(
      "POST",
      `/api/servers/${SERVER}/complete`,
      { ref: { type: "ref/prompt", name: "completable-prompt" }, argument: { name: "department", value: "E" } },
      expect.anything(),
    );
    await user.type(suggested, "ngineering");
    await waitFor(() => expect(optionsOf(screen.getByRole("combobox", { name: "name" }))).toEqual(["Alice", "Bob"]));
    expect(mockApiSend).toHaveBeenLastCalledWith(
      "POST",
      `/api/servers/${SERVER}/complete`,
      expect.objectContaining({ argument: { name: "name", value: "" }, context: { arguments: { department: "Engineering" } } }),
      expect.anything(),
    );
  });
});
