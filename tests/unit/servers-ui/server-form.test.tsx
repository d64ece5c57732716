import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { ServerForm } from "@/components/servers/server-form";
import { emptyValues, valuesFromServer, type RemoteServerDto } from "@/components/servers/server-form-model";
import { ApiError } from "@/lib/api-client/api-error";
import { FREE_SUBSCRIPTION, PLANS } from "@/lib/plans/table";
import type { ConnectionTestResult, ServerDto } from "@/lib/servers/schema";

const mockApiSend = jest.fn();
jest.mock("@/lib/api-client/fetch", () => ({
  apiGet: jest.fn(),
  apiSend: (...args: unknown[]) => mockApiSend(...args),
}));
jest.mock("@/lib/subscription/use-subscription", () => ({
  useSubscription: () => ({ subscription: FREE_SUBSCRIPTION, plan: PLANS["free tier"], loading: false }),
}));
jest.mock("next/link", () => ({
  __esModule: true,
  default: ({ href, children, ...rest }: { href: string; children: ReactNode }) => (
    <a href={href} {...rest}>
      {children}
    </a>
  ),
}));

// jsdom has no ResizeObserver; Radix's switch measures itself with one.
beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  // Nor scrollIntoView, which Radix's select calls on the chosen item when it opens.
  Element.prototype.scrollIntoView ??= () => {};
});

function renderForm(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

const TEST_RESULT: ConnectionTestResult = {
  ok: true,
  serverInfo: { name: "mcp-servers/everything", title: "Everything Reference Server", version: "2.0.0", protocolVersion: "2025-06-18" },
  capabilities: { tools: { listChanged: true }, prompts: {}, logging: {} },
  counts: { tools: 13, resources: 7, resourceTemplates: 2, prompts: 4 },
  latencyMs: 48,
};

beforeEach(() => mockApiSend.mockReset());

describe("ServerForm (create)", () => {
  it("marks the missing fields, says why next to them, focuses the first and sends nothing", async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = jest.fn();
    renderForm(<ServerForm mode="create" initialValues={emptyValues(900)} cancelHref="/servers" onSubmit={onSubmit} />);

    await user.click(screen.getByRole("button", { name: "Save server" }));

    const name = screen.getByRole("textbox", { name: "Name" });
    const url = screen.getByRole("textbox", { name: "URL" });
    expect(name).toHaveAttribute("aria-invalid", "true");
    expect(name).toHaveAccessibleDescription(expect.stringContaining("Enter a name."));
    expect(url).toHaveAttribute("aria-invalid", "true");
    expect(url).toHaveAccessibleDescription(expect.stringContaining("Enter the server's URL."));
    // Focus moves on the next animation frame, once the errors are rendered.
    await waitFor(() => expect(name).toHaveFocus());
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("sends the parsed form, and shows a duplicate name from the server on the name field", async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = jest.fn().mockRejectedValue(new ApiError(409, "Conflict", "409: taken", { error: "conflict", message: "You already have a server with this name." }));
    renderForm(<ServerForm mode="create" initialValues={emptyValues(900)} cancelHref="/servers" onSubmit={onSubmit} />);

    await user.type(screen.getByRole("textbox", { name: "Name" }), "Everything");
    await user.type(screen.getByRole("textbox", { name: "URL" }), "http://127.0.0.1:3001/mcp");
    await user.type(screen.getByRole("textbox", { name: "Tags" }), "local,demo,");
    await user.click(screen.getByRole("button", { name: "Save server" }));

    expect(onSubmit).toHaveBeenCalledWith({
      name: "Everything",
      transport: "streamable-http",
      url: "http://127.0.0.1:3001/mcp",
      headers: [],
      description: "",
      tags: ["local", "demo"],
      monitoring: { enabled: true, intervalSec: 900 },
      protocol: "auto",
    });
    const name = screen.getByRole("textbox", { name: "Name" });
    expect(await screen.findByText("You already have a server with this name.")).toBeVisible();
    expect(name).toHaveAttribute("aria-invalid", "true");
  });

  it("shows the plan's limit as a banner with what an upgrade unlocks", async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = jest.fn().mockRejectedValue(
      new ApiError(403, "Forbidden", "403: plan", { error: "plan_required", feature: "servers", message: "The Free plan allows 3 servers, and you have 3." }),
    );
    renderForm(<ServerForm mode="create" initialValues={{ ...emptyValues(900), name: "Four", url: "https://four.example.com/mcp" }} cancelHref="/servers" onSubmit={onSubmit} />);

    await user.click(screen.getByRole("button", { name: "Save server" }));

    const banner = await screen.findByRole("alert");
    expect(banner).toHaveTextContent("The Free plan allows 3 servers, and you have 3.");
    expect(banner).toHaveTextContent("Pro gives you up to 50 servers");
    expect(within(banner).getByRole("link", { name: "See plans" })).toHaveAttribute("href", "/settings#plan");
    // The Save button is at the form's end: the message is brought to where the person is.
    expect(banner.parentElement).toHaveFocus();
  });

  it("tests the connection and shows what the server said about itself", async () => {
    const user = userEvent.setup({ delay: null });
    mockApiSend.mockResolvedValue(TEST_RESULT);
    renderForm(<ServerForm mode="create" initialValues={{ ...emptyValues(900), url: "http://127.0.0.1:3001/mcp" }} cancelHref="/servers" onSubmit={jest.fn()} />);

    await user.click(screen.getByRole("button", { name: "Test connection" }));

    const result = await screen.findByRole("region", { name: "Connection test result" });
    expect(mockApiSend).toHaveBeenCalledWith("POST", "/api/servers/test", { transport: "streamable-http", url: "http://127.0.0.1:3001/mcp", headers: [] });
    expect(result).toHaveTextContent("mcp-servers/everything");
    expect(result).toHaveTextContent("Everything Reference Server");
    expect(result).toHaveTextContent("2025-06-18");
    expect(result).toHaveTextContent("Connected in 48 ms");
    expect(within(result).getByRole("list", { name: "Capabilities" })).toHaveTextContent("tools");
    expect(within(result).getByText("Tools").nextElementSibling).toHaveTextContent("13");
    expect(within(result).getByText("Templates").nextElementSibling).toHaveTextContent("2");
  });

  it("names a new server after itself when the test succeeds and no name was typed, and sends that name", async () => {
    const user = userEvent.setup({ delay: null });
    mockApiSend.mockResolvedValue(TEST_RESULT);
    const onSubmit = jest.fn().mockResolvedValue(undefined);
    renderForm(<ServerForm mode="create" initialValues={{ ...emptyValues(900), url: "http://127.0.0.1:3001/mcp" }} cancelHref="/servers" onSubmit={onSubmit} />);

    await user.click(screen.getByRole("button", { name: "Test connection" }));
    await screen.findByRole("region", { name: "Connection test result" });
    // Its title when it gives one (the name otherwise).
    expect(screen.getByRole("textbox", { name: "Name" })).toHaveValue("Everything Reference Server");
    await user.click(screen.getByRole("button", { name: "Save server" }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ name: "Everything Reference Server" }));
  });

  it("takes the server's name when it has no title, and never replaces a name the person typed", async () => {
    const user = userEvent.setup({ delay: null });
    mockApiSend.mockResolvedValue({ ...TEST_RESULT, serverInfo: { ...TEST_RESULT.serverInfo, title: undefined } });
    renderForm(<ServerForm mode="create" initialValues={{ ...emptyValues(900), url: "http://127.0.0.1:3001/mcp" }} cancelHref="/servers" onSubmit={jest.fn()} />);
    const name = screen.getByRole("textbox", { name: "Name" });

    await user.click(screen.getByRole("button", { name: "Test connection" }));
    await screen.findByRole("region", { name: "Connection test result" });
    expect(name).toHaveValue("mcp-servers/everything");

    await user.clear(name);
    await user.type(name, "Mine");
    await user.click(screen.getByRole("button", { name: "Test connection" }));
    await waitFor(() => expect(mockApiSend).toHaveBeenCalledTimes(2));
    await screen.findByRole("region", { name: "Connection test result" });
    expect(name).toHaveValue("Mine");
  });

  it("offers the transport that answered when the chosen one failed, and tests again with it", async () => {
    const user = userEvent.setup({ delay: null });
    mockApiSend
      .mockRejectedValueOnce(
        new ApiError(502, "Bad Gateway", "502: x", {
          error: "upstream_error",
          message: "The server did not answer over Streamable HTTP.",
          details: { suggestion: { transport: "sse" } },
        }),
      )
      .mockResolvedValueOnce(TEST_RESULT);
    renderForm(<ServerForm mode="create" initialValues={{ ...emptyValues(900), url: "http://127.0.0.1:3001/sse" }} cancelHref="/servers" onSubmit={jest.fn()} />);

    await user.click(screen.getByRole("button", { name: "Test connection" }));
    expect(await screen.findByText("The server did not answer over Streamable HTTP.")).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Use SSE instead" }));

    await screen.findByRole("region", { name: "Connection test result" });
    expect(mockApiSend).toHaveBeenLastCalledWith("POST", "/api/servers/test", { transport: "sse", url: "http://127.0.0.1:3001/sse", headers: [] });
    expect(screen.getByRole("combobox", { name: "Transport" })).toHaveTextContent("SSE");
  });
});

describe("ServerForm protocol revision", () => {
  it("negotiates by default, and pins a revision chosen with the keyboard", async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = jest.fn().mockResolvedValue(undefined);
    renderForm(<ServerForm mode="create" initialValues={{ ...emptyValues(900), name: "Old", url: "https://old.example.com/mcp" }} cancelHref="/servers" onSubmit={onSubmit} />);

    const protocol = screen.getByRole("combobox", { name: "Protocol revision" });
    expect(protocol).toHaveTextContent("Automatic (recommended)");
    expect(protocol).toHaveAccessibleDescription(expect.stringContaining("Pin a revision only for a server that misbehaves when probed."));

    protocol.focus();
    await user.keyboard("{Enter}");
    const choices = await screen.findAllByRole("option");
    expect(choices.map((o) => o.textContent)).toEqual(["Automatic (recommended)", "2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"]);
    // jsdom lays nothing out, so the arrow keys' moves cannot be followed here: the item is focused as they would.
    screen.getByRole("option", { name: "2025-06-18" }).focus();
    await user.keyboard("{Enter}");
    expect(protocol).toHaveTextContent("2025-06-18");

    await user.click(screen.getByRole("button", { name: "Save server" }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ protocol: "2025-06-18" }));
  });
});

describe("ServerForm headers", () => {
  it("adds rows with masked values that can be shown, and removes them", async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = jest.fn().mockResolvedValue(undefined);
    renderForm(<ServerForm mode="create" initialValues={{ ...emptyValues(900), name: "A", url: "https://a.example.com/mcp" }} cancelHref="/servers" onSubmit={onSubmit} />);

    await user.click(screen.getByRole("button", { name: "Add header" }));
    const name = screen.getByRole("combobox", { name: "Name of header 1" });
    await waitFor(() => expect(name).toHaveFocus());
    await user.type(name, "Authorization");
    const value = screen.getByLabelText("Value of Authorization");
    expect(value).toHaveAttribute("type", "password");
    await user.type(value, "Bearer secret-token");

    const toggle = screen.getByRole("button", { name: "Show value of Authorization" });
    await user.click(toggle);
    expect(value).toHaveAttribute("type", "text");
    expect(screen.getByRole("button", { name: "Hide value of Authorization" })).toHaveAttribute("aria-pressed", "true");

    await user.click(screen.getByRole("button", { name: "Add header" }));
    await user.type(screen.getByRole("combobox", { name: "Name of header 2" }), "X-Extra");
    await user.click(screen.getByRole("button", { name: "Remove X-Extra" }));
    expect(screen.queryByRole("combobox", { name: "Name of header 2" })).not.toBeInTheDocument();
    // The focus stays in the list: on the row before it, now the last.
    await waitFor(() => expect(screen.getByRole("combobox", { name: "Name of header 1" })).toHaveFocus());

    await user.click(screen.getByRole("button", { name: "Save server" }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ headers: [{ name: "Authorization", value: "Bearer secret-token" }] }));
  });

  it("puts a header problem on that row's field", async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = jest.fn();
    renderForm(<ServerForm mode="create" initialValues={{ ...emptyValues(900), name: "A", url: "https://a.example.com/mcp" }} cancelHref="/servers" onSubmit={onSubmit} />);

    await user.click(screen.getByRole("button", { name: "Add header" }));
    await user.type(screen.getByRole("combobox", { name: "Name of header 1" }), "X-Key");
    await user.click(screen.getByRole("button", { name: "Save server" }));

    const value = screen.getByLabelText("Value of X-Key");
    expect(value).toHaveAttribute("aria-invalid", "true");
    expect(value).toHaveAccessibleDescription("Enter a value.");
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

/** What every stored server of these tests has beside its connection. */
const STORED: Omit<RemoteServerDto, "id" | "name" | "description" | "transport" | "url" | "headers"> = {
  auth: { type: "headers", status: "authorized", reason: null, expiresAt: null, lastRefreshAt: null },
  tags: [],
  monitoring: { enabled: false, intervalSec: 900, thresholdMs: 2000 },
  protocol: "auto",
  status: "up",
  lastCheckAt: null,
  lastCheck: null,
  latencyMs: null,
  serverInfo: null,
  capabilities: null,
  counts: { tools: 0, resources: 0, prompts: 0 },
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

describe("ServerForm (edit)", () => {
  const server: RemoteServerDto = {
    id: "5b0c5d7e-7f39-4a34-9a4b-0e7c1f1d2a10",
    name: "Prod tools",
    description: "",
    transport: "streamable-http",
    url: "https://tools.example.com/mcp",
    headers: [{ name: "Authorization", value: "••••••••abcd" }],
    ...STORED,
  };

  it("saves only after a change, keeps a stored header left blank and rotates a typed one", async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = jest.fn().mockResolvedValue(undefined);
    renderForm(<ServerForm mode="edit" initialValues={valuesFromServer(server)} onSubmit={onSubmit} />);

    const save = screen.getByRole("button", { name: "Save changes" });
    expect(save).toBeDisabled();
    const stored = screen.getByLabelText("New value of Authorization");
    expect(stored).toHaveAccessibleDescription(expect.stringContaining("••••••••abcd"));
    expect(screen.getByRole("combobox", { name: "Name of header 1" })).toHaveAttribute("readonly");
    // Stored values are unknown here, so the connection cannot be tested until one is typed.
    expect(screen.getByRole("button", { name: "Test connection" })).toBeDisabled();

    const name = screen.getByRole("textbox", { name: "Name" });
    await user.clear(name);
    await user.type(name, "Prod tools (eu)");
    await user.click(save);
    expect(onSubmit).toHaveBeenLastCalledWith(expect.objectContaining({ name: "Prod tools (eu)", headers: [{ name: "Authorization" }] }));

    await user.type(stored, "Bearer rotated");
    await user.click(save);
    expect(onSubmit).toHaveBeenLastCalledWith(expect.objectContaining({ headers: [{ name: "Authorization", value: "Bearer rotated" }] }));
  });

  it("a stored secret follows a changed URL: moved to another host, the form asks for the stored value again", async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = jest.fn().mockResolvedValue(undefined);
    renderForm(<ServerForm mode="edit" initialValues={valuesFromServer(server)} onSubmit={onSubmit} />);
    const url = screen.getByRole("textbox", { name: "URL" });
    const save = screen.getByRole("button", { name: "Save changes" });

    // Another path on the same origin keeps the stored value.
    await user.clear(url);
    await user.type(url, "https://tools.example.com/v2/mcp");
    await user.click(save);
    expect(onSubmit).toHaveBeenLastCalledWith(expect.objectContaining({ url: "https://tools.example.com/v2/mcp", headers: [{ name: "Authorization" }] }));

    onSubmit.mockClear();
    await user.clear(url);
    await user.type(url, "https://collector.example.net/mcp");
    const value = screen.getByLabelText("Value of Authorization");
    expect(value).toHaveAccessibleDescription(expect.stringContaining("only sent to https://tools.example.com"));
    await user.click(save);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(value).toHaveAccessibleDescription(expect.stringContaining("Enter the value again"));
    // Focus moves on the next animation frame, once the errors are rendered.
    await waitFor(() => expect(value).toHaveFocus());

    await user.type(value, "Bearer for-the-new-host");
    await user.click(save);
    expect(onSubmit).toHaveBeenLastCalledWith(
      expect.objectContaining({ url: "https://collector.example.net/mcp", headers: [{ name: "Authorization", value: "Bearer for-the-new-host" }] }),
    );
  });

  it("says before saving that a URL on another origin leaves the server's OAuth sign-in behind", async () => {
    const user = userEvent.setup({ delay: null });
    const behindOAuth: RemoteServerDto = { ...server, headers: [], auth: { type: "oauth", status: "authorized", reason: null, expiresAt: null, lastRefreshAt: null } };
    renderForm(<ServerForm mode="edit" initialValues={valuesFromServer(behindOAuth)} onSubmit={jest.fn()} />);
    const url = screen.getByRole("textbox", { name: "URL" });
    const notice = () => screen.queryByText(/its sign-in stays behind/);

    await user.clear(url);
    await user.type(url, "https://tools.example.com/v2/mcp");
    expect(notice()).toBeNull();
    await user.clear(url);
    await user.type(url, "https://collector.example.net/mcp");
    expect(notice()).toHaveTextContent("This server signs in with OAuth at https://tools.example.com.");
  });
});

describe("ServerForm (edit of a stdio server)", () => {
  const server: ServerDto = {
    id: "6c1d6e8f-8a4a-4b45-8b5c-1f8d2a2e3b21",
    name: "Everything",
    description: "",
    transport: "stdio",
    url: "npm:mcp-bundled-everything@1.0.0",
    stdio: {
      package: { registryType: "npm", identifier: "mcp-bundled-everything", version: "1.0.0" },
      integrity: "sha512-abc",
      args: ["stdio"],
      env: ["API_TOKEN", "REGION"],
      egress: [{ host: "api.example.com" }, { host: "2001:db8::1", port: 8443 }],
    },
    headers: [],
    ...STORED,
  };

  it("edits the version, arguments, variables and hosts; the package stays; a stored value shows only that it is set, and blank keeps it", async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = jest.fn().mockResolvedValue(undefined);
    renderForm(<ServerForm mode="edit" initialValues={valuesFromServer(server)} onSubmit={onSubmit} />);

    expect(screen.getByRole("textbox", { name: "npm package" })).toHaveAttribute("readonly");
    expect(screen.queryByRole("combobox", { name: "Transport" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Test connection" })).toBeNull();
    expect(screen.getByRole("textbox", { name: "Hosts it may reach" })).toHaveValue("api.example.com\n[2001:db8::1]:8443");
    const token = screen.getByLabelText("New value of API_TOKEN");
    expect(token).toHaveValue("");
    expect(token).toHaveAccessibleDescription(expect.stringContaining("Set. Its value is never shown"));
    expect(screen.getByRole("textbox", { name: "Name of variable 1" })).toHaveAttribute("readonly");

    await user.type(token, "rotated-token");
    await user.click(screen.getByRole("button", { name: "Remove REGION" }));
    const version = screen.getByRole("textbox", { name: "Version" });
    await user.clear(version);
    await user.type(version, "1.1.0");
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect(onSubmit).toHaveBeenLastCalledWith(
      expect.objectContaining({
        package: { version: "1.1.0" },
        args: ["stdio"],
        env: [{ name: "API_TOKEN", value: "rotated-token" }],
        egress: [{ host: "api.example.com" }, { host: "[2001:db8::1]", port: 8443 }],
      }),
    );
    expect(onSubmit.mock.lastCall[0]).not.toHaveProperty("url");
  });

  it("asks for a new variable's value on its row, and puts the API's refusal of a version on the version field", async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = jest
      .fn()
      .mockRejectedValue(
        new ApiError(400, "Bad Request", "400: x", {
          error: "validation_failed",
          message: "npm:mcp-bundled-everything@9.9.9 cannot be installed: 404 Not Found",
          details: [{ path: "package.version", message: "404 Not Found" }],
        }),
      );
    renderForm(<ServerForm mode="edit" initialValues={valuesFromServer(server)} onSubmit={onSubmit} />);

    await user.click(screen.getByRole("button", { name: "Add variable" }));
    // The new row's name takes the focus (after the row renders): the keys go there.
    await waitFor(() => expect(screen.getByLabelText("Name of variable 3")).toHaveFocus());
    await user.keyboard("NEW_ONE");
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect(onSubmit).not.toHaveBeenCalled();
    const value = screen.getByLabelText("Value of NEW_ONE");
    expect(value).toHaveAccessibleDescription("Enter a value.");
    await waitFor(() => expect(value).toHaveFocus());

    await user.click(screen.getByRole("button", { name: "Remove NEW_ONE" }));
    const version = screen.getByRole("textbox", { name: "Version" });
    await user.clear(version);
    await user.type(version, "9.9.9");
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(version).toHaveAccessibleDescription(expect.stringContaining("404 Not Found")));
    await waitFor(() => expect(version).toHaveFocus());
  });
});
