import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ServerWorkbench } from "@/components/workbench/server-workbench";
import { ApiError } from "@/lib/api-client/api-error";
import type { ServerDto } from "@/lib/servers/schema";
import type { CallRequest, CallStreamLine } from "@/lib/workbench/schema";
import { everythingTools } from "./everything";
import { installResizeObserver } from "./jsdom-gaps";

type Stream = (serverId: string, request: CallRequest, opts: { signal: AbortSignal; onLine: (line: CallStreamLine) => void }) => Promise<void>;
const mockStreamCall = jest.fn<ReturnType<Stream>, Parameters<Stream>>();
const mockApiSend = jest.fn();
jest.mock("@/lib/workbench/hooks", () => ({
  ...jest.requireActual("@/lib/workbench/hooks"),
  streamCall: (...args: Parameters<Stream>) => mockStreamCall(...args),
}));
jest.mock("@/lib/api-client/fetch", () => ({ apiGet: jest.fn(), apiSend: (...args: unknown[]) => mockApiSend(...args) }));
jest.mock("@/lib/analytics/track", () => ({ track: jest.fn() }));
jest.mock("@/lib/servers/hooks", () => ({
  useServerInventory: () => ({
    isPending: false,
    isError: false,
    data: { tools: mockTools, resources: [], resourceTemplates: [], prompts: [], discoveredAt: "2026-11-22T08:00:00.000Z" },
  }),
}));

const mockTools = [
  ...everythingTools,
  { name: "ask-me", description: "Asks the person", inputSchema: { type: "object", properties: {} } },
];

beforeAll(installResizeObserver);
beforeEach(() => {
  mockStreamCall.mockReset();
  mockApiSend.mockReset();
  window.localStorage.clear();
});

const SERVER = "5b0c5d7e-7f39-4a34-9a4b-0e7c1f1d2a10";
const server = { id: SERVER, name: "Everything", capabilities: { tools: {} } } as unknown as ServerDto;

function renderWorkbench() {
  let tab: "tools" | "resources" | "prompts" | "roots" = "tools";
  const client = new QueryClient();
  const view = () => (
    <QueryClientProvider client={client}>
      <ServerWorkbench server={server} tab={tab} onTab={(t) => ((tab = t), rerender())} rerun={null} onRerun={() => {}} />
    </QueryClientProvider>
  );
  const result = render(view());
  const rerender = () => result.rerender(view());
  return result;
}

/** A call that announces `line` and then waits until the test ends it. */
function callAsking(line: CallStreamLine) {
  let end: () => void = () => {};
  mockStreamCall.mockImplementation((_id, _request, { onLine }) => {
    onLine(line);
    return new Promise<void>((resolve) => {
      end = () => {
        onLine({ type: "result", result: { content: [{ type: "text", text: "done" }] }, durationMs: 5, exchange: { request: {} }, protocolVersion: "2025-11-25" });
        resolve();
      };
    });
  });
  return () => end();
}

const ELICITATION: CallStreamLine = {
  type: "server-request",
  id: "req-1",
  kind: "elicitation",
  params: {
    message: "Who are you?",
    requestedSchema: { type: "object", properties: { name: { type: "string", title: "Your name" }, agree: { type: "boolean", title: "Agree" } }, required: ["name"] },
  },
};

describe("the server's requests during a call", () => {
  it("puts a form to the person, shows the server's objections next to the fields, and sends the answer", async () => {
    const user = userEvent.setup({ delay: null });
    const end = callAsking(ELICITATION);
    renderWorkbench();
    await user.click(screen.getByRole("button", { name: /^ask-me/ }));
    await user.click(screen.getByRole("button", { name: "Run tool" }));

    const form = await screen.findByRole("form", { name: "Input the server asks for" });
    expect(screen.getByText("Who are you?")).toBeInTheDocument();
    // Checked in the page first: nothing is sent without the required name.
    await user.click(within(form).getByRole("button", { name: "Send" }));
    expect(mockApiSend).not.toHaveBeenCalled();
    expect(within(form).getByRole("textbox", { name: "Your name" })).toHaveAttribute("aria-invalid", "true");

    mockApiSend.mockRejectedValueOnce(
      new ApiError(400, "Bad Request", "400: Some fields are not valid.", { details: [{ path: "/name", message: "Too short for the server" }] }),
    );
    await user.type(within(form).getByRole("textbox", { name: "Your name" }), "A");
    await user.click(within(form).getByRole("button", { name: "Send" }));
    expect(await within(form).findByText("Too short for the server")).toBeInTheDocument();
    expect(screen.getByRole("alert", { name: "" })).toHaveTextContent("Some fields are not valid.");

    mockApiSend.mockResolvedValueOnce({ answered: true });
    await user.type(within(form).getByRole("textbox", { name: "Your name" }), "da");
    await user.click(within(form).getByRole("button", { name: "Send" }));
    expect(mockApiSend).toHaveBeenLastCalledWith("POST", "/api/workbench/requests/req-1", { action: "accept", content: { name: "Ada" } });
    expect(await screen.findByText("Answered: the server has your reply.")).toBeInTheDocument();
    expect(within(form).queryByRole("button", { name: "Send" })).not.toBeInTheDocument();

    act(() => end());
    expect(await screen.findByRole("heading", { name: "Result of ask-me" })).toBeInTheDocument();
    expect(screen.queryByRole("form", { name: "Input the server asks for" })).not.toBeInTheDocument();
  });

  it("declines a form, and answers a sampling request in the model's place or rejects it", async () => {
    const user = userEvent.setup({ delay: null });
    mockApiSend.mockResolvedValue({ answered: true });
    let end = callAsking(ELICITATION);
    renderWorkbench();
    await user.click(screen.getByRole("button", { name: /^ask-me/ }));
    await user.click(screen.getByRole("button", { name: "Run tool" }));
    await user.click(await screen.findByRole("button", { name: "Decline" }));
    expect(mockApiSend).toHaveBeenLastCalledWith("POST", "/api/workbench/requests/req-1", { action: "decline" });
    expect(await screen.findByText("Declined: the server was told you would rather not answer.")).toBeInTheDocument();
    act(() => end());
    await screen.findByRole("heading", { name: "Result of ask-me" });

    end = callAsking({
      type: "server-request",
      id: "req-2",
      kind: "sampling",
      params: { messages: [{ role: "user", content: { type: "text", text: "Write a haiku" } }], systemPrompt: "Be brief.", maxTokens: 20 },
    });
    await user.click(screen.getByRole("button", { name: "Run tool" }));
    const answer = await screen.findByRole("form", { name: "Answer in the model's place" });
    expect(screen.getByText("Write a haiku")).toBeInTheDocument();
    expect(screen.getByText("Be brief.")).toBeInTheDocument();
    expect(screen.getByText(/at most 20 tokens/)).toBeInTheDocument();
    await user.type(within(answer).getByRole("textbox", { name: "Answer" }), "Pools of idle links");
    await user.clear(within(answer).getByRole("textbox", { name: "Model name given" }));
    await user.type(within(answer).getByRole("textbox", { name: "Model name given" }), "by-hand");
    await user.click(within(answer).getByRole("button", { name: "Send answer" }));
    expect(mockApiSend).toHaveBeenLastCalledWith("POST", "/api/workbench/requests/req-2", { action: "accept", text: "Pools of idle links", model: "by-hand" });
    act(() => end());
    await screen.findByRole("heading", { name: "Result of ask-me" });

    callAsking({ type: "server-request", id: "req-3", kind: "sampling", params: { messages: [], maxTokens: 5 } });
    await user.click(screen.getByRole("button", { name: "Run tool" }));
    await user.click(await screen.findByRole("button", { name: "Reject" }));
    expect(mockApiSend).toHaveBeenLastCalledWith("POST", "/api/workbench/requests/req-3", { action: "decline" });
  });

  it("offers the spec's titled enums as selects and checkboxes, and sends the values, not the titles", async () => {
    const user = userEvent.setup({ delay: null });
    mockApiSend.mockResolvedValue({ answered: true });
    const end = callAsking({
      type: "server-request",
      id: "req-6",
      kind: "elicitation",
      params: {
        message: "Pick",
        requestedSchema: {
          type: "object",
          properties: {
            hero: { type: "string", title: "Hero", oneOf: [{ const: "hero-1", title: "Superman" }, { const: "hero-2", title: "Green Lantern" }], default: "hero-1" },
            pet: { type: "string", title: "Pet", enum: ["pet-1", "pet-2"], enumNames: ["Cats", "Dogs"] },
            fish: { type: "array", title: "Fish", maxItems: 2, items: { anyOf: [{ const: "fish-1", title: "Tuna" }, { const: "fish-2", title: "Salmon" }, { const: "fish-3", title: "Trout" }] }, default: ["fish-1"] },
            tools: { type: "array", title: "Instruments", items: { type: "string", enum: ["Guitar", "Piano"] } },
          },
        },
      },
    });
    renderWorkbench();
    await user.click(screen.getByRole("button", { name: /^ask-me/ }));
    await user.click(screen.getByRole("button", { name: "Run tool" }));
    const form = await screen.findByRole("form", { name: "Input the server asks for" });

    const hero = within(form).getByRole("combobox", { name: "Hero" });
    expect(within(hero).getAllByRole("option").map((o) => o.textContent)).toEqual(["Not set", "Superman", "Green Lantern"]);
    expect(within(form).queryByRole("textbox")).not.toBeInTheDocument();
    await user.selectOptions(hero, "Green Lantern");
    await user.selectOptions(within(form).getByRole("combobox", { name: "Pet" }), "Dogs");

    const fish = within(form).getByRole("group", { name: "Fish" });
    expect(within(fish).getByRole("checkbox", { name: "Tuna" })).toBeChecked();
    await user.click(within(fish).getByRole("checkbox", { name: "Trout" }));
    // Two is the most: the third waits until one is unchecked.
    expect(within(fish).getByRole("checkbox", { name: "Salmon" })).toBeDisabled();
    await user.click(within(form).getByRole("checkbox", { name: "Piano" }));

    await user.click(within(form).getByRole("button", { name: "Send" }));
    expect(mockApiSend).toHaveBeenLastCalledWith("POST", "/api/workbench/requests/req-6", {
      action: "accept",
      content: { hero: "hero-2", pet: "pet-2", fish: ["fish-1", "fish-3"], tools: ["Piano"] },
    });
    act(() => end());
    await screen.findByRole("heading", { name: "Result of ask-me" });
  });

  it("offers a page the server asks the person to open as a link, and never a script URL", async () => {
    const user = userEvent.setup({ delay: null });
    mockApiSend.mockResolvedValue({ answered: true });
    let end = callAsking({ type: "server-request", id: "req-4", kind: "elicitation", params: { mode: "url", url: "https://auth.example.com/start", message: "Sign in there." } });
    renderWorkbench();
    await user.click(screen.getByRole("button", { name: /^ask-me/ }));
    await user.click(screen.getByRole("button", { name: "Run tool" }));
    const link = await screen.findByRole("link", { name: "Open auth.example.com (in a new tab)" });
    expect(link).toHaveAttribute("href", "https://auth.example.com/start");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
    expect(screen.getByText("Sign in there.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "I have done it" }));
    expect(mockApiSend).toHaveBeenLastCalledWith("POST", "/api/workbench/requests/req-4", { action: "accept" });
    act(() => end());
    await screen.findByRole("heading", { name: "Result of ask-me" });

    end = callAsking({ type: "server-request", id: "req-5", kind: "elicitation", params: { mode: "url", url: "javascript:alert(1)", message: "" } });
    await user.click(screen.getByRole("button", { name: "Run tool" }));
    expect(await screen.findByText(/The server gave no web address to open/)).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /^Open / })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "I have done it" })).toBeDisabled();
    act(() => end());
  });

  it("keeps roots per server, refuses what is not a file URI, and sends them with every call", async () => {
    const user = userEvent.setup({ delay: null });
    mockStreamCall.mockResolvedValue(undefined);
    renderWorkbench();
    await user.click(screen.getByRole("tab", { name: "Roots (0)" }));
    expect(screen.getByText("No roots: the server gets an empty list.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Add a root" }));
    await user.type(screen.getByRole("textbox", { name: "Root 1 URI" }), "https://example.com/");
    await user.click(screen.getByRole("button", { name: "Save roots" }));
    expect(screen.getByText("A root is a file:// URI, such as file:///home/me/project.")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Root 1 URI" })).toHaveFocus();

    await user.clear(screen.getByRole("textbox", { name: "Root 1 URI" }));
    await user.type(screen.getByRole("textbox", { name: "Root 1 URI" }), "file:///srv/app");
    await user.type(screen.getByRole("textbox", { name: "Root 1 name (optional)" }), "App");
    await user.click(screen.getByRole("button", { name: "Save roots" }));
    expect(screen.getByText("Saved 1 root: the next call gives them to the server.")).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Roots (1)" })).toBeInTheDocument();

    await user.click(screen.getByRole("tab", { name: /^Tools/ }));
    await user.click(screen.getByRole("button", { name: /^ask-me/ }));
    await user.click(screen.getByRole("button", { name: "Run tool" }));
    expect(mockStreamCall.mock.calls[0][1]).toMatchObject({ roots: [{ uri: "file:///srv/app", name: "App" }] });
  });
});
