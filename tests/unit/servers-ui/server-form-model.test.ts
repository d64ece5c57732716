/** @jest-environment node */
import {
  addTags,
  emptyValues,
  firstErrorKey,
  newHeaderRow,
  suggestedTransport,
  validateConnection,
  validateCreate,
  validateUpdate,
  valuesFromServer,
  type RemoteServerDto,
  type ServerFormValues,
} from "@/components/servers/server-form-model";
import { mapSaveError } from "@/components/app/save-error";
import { ApiError } from "@/lib/api-client/api-error";

const valid = (patch: Partial<ServerFormValues> = {}): ServerFormValues => ({
  ...emptyValues(900),
  name: "Everything",
  url: "http://127.0.0.1:3001/mcp",
  ...patch,
});

const server: RemoteServerDto = {
  id: "5b0c5d7e-7f39-4a34-9a4b-0e7c1f1d2a10",
  name: "Prod tools",
  description: "",
  transport: "sse",
  url: "https://tools.example.com/sse",
  headers: [{ name: "Authorization", value: "••••••••abcd" }],
  auth: { type: "headers", status: "authorized", reason: null, expiresAt: null, lastRefreshAt: null },
  tags: ["prod"],
  monitoring: { enabled: true, intervalSec: 900, thresholdMs: 2000 },
  protocol: "auto",
  status: "up",
  lastCheckAt: null,
  lastCheck: null,
  latencyMs: 12,
  serverInfo: null,
  capabilities: null,
  counts: { tools: 1, resources: 0, prompts: 0 },
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

const apiError = (status: number, body: unknown) => new ApiError(status, "", `${status}: x`, body);

describe("client-side validation with the shared schema", () => {
  it("accepts a complete form and sends trimmed values with the defaults", () => {
    const result = validateCreate(valid({ name: "  Everything  ", tags: ["a"] }));
    expect(result).toEqual({
      ok: true,
      payload: {
        name: "Everything",
        transport: "streamable-http",
        url: "http://127.0.0.1:3001/mcp",
        headers: [],
        description: "",
        tags: ["a"],
        monitoring: { enabled: true, intervalSec: 900 },
        protocol: "auto",
      },
    });
  });

  it("sends the protocol revision chosen, on create and on edit, and starts an edit from the server's", () => {
    expect(validateCreate(valid({ protocol: "2025-06-18" }))).toMatchObject({ ok: true, payload: { protocol: "2025-06-18" } });
    const pinned = valuesFromServer({ ...server, protocol: "2026-07-28" });
    expect(pinned.protocol).toBe("2026-07-28");
    expect(validateUpdate({ ...pinned, protocol: "auto" })).toMatchObject({ ok: true, payload: { protocol: "auto" } });
  });

  it("puts each problem on its own field, header rows by index", () => {
    const result = validateCreate(
      valid({
        name: " ",
        url: "ftp://example.com",
        headers: [newHeaderRow("Authorization", "Bearer x"), newHeaderRow("authorization", ""), newHeaderRow("bad name", "v")],
      }),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toMatchObject({
      name: "Enter a name.",
      url: "Enter an http:// or https:// URL.",
      "headers.1.value": "Enter a value.",
      "headers.1.name": "This header is already listed.",
      "headers.2.name": "Header names use letters, digits and - only.",
    });
    expect(result.errors["headers.0.name"]).toBeUndefined();
  });

  it("tests a connection with only the connection fields", () => {
    expect(validateConnection(valid({ name: "" }))).toEqual({
      ok: true,
      payload: { transport: "streamable-http", url: "http://127.0.0.1:3001/mcp", headers: [] },
    });
    const broken = validateConnection(valid({ url: "" }));
    expect(broken).toEqual({ ok: false, errors: { url: "Enter the server's URL." } });
  });

  it("orders errors as the form shows them, for focus", () => {
    expect(firstErrorKey({ tags: "x", "headers.2.value": "y", url: "z" }, ["name", "url", "headers", "tags"])).toBe("url");
    expect(firstErrorKey({ "headers.2.value": "y" }, ["name", "url", "headers"])).toBe("headers.2.value");
    expect(firstErrorKey({}, ["name"])).toBeNull();
  });
});

describe("editing: headers are kept, rotated or removed", () => {
  it("lists a stored header left blank without a value (kept) and a typed one with it (rotated)", () => {
    const values = valuesFromServer(server);
    expect(values.headers).toEqual([expect.objectContaining({ name: "Authorization", value: "", stored: true, masked: "••••••••abcd" })]);

    const kept = validateUpdate(values);
    expect(kept.ok && kept.payload.headers).toEqual([{ name: "Authorization" }]);

    const rotated = validateUpdate({ ...values, headers: [{ ...values.headers[0], value: "Bearer new-token" }] });
    expect(rotated.ok && rotated.payload.headers).toEqual([{ name: "Authorization", value: "Bearer new-token" }]);

    const removed = validateUpdate({ ...values, headers: [] });
    expect(removed.ok && removed.payload.headers).toEqual([]);
  });

  it("asks for the value of a header added while editing", () => {
    const values = valuesFromServer(server);
    const result = validateUpdate({ ...values, headers: [...values.headers, newHeaderRow("X-API-Key", "")] });
    expect(result).toEqual({ ok: false, errors: { "headers.1.value": "Enter a value." } });
  });

  it("sends the whole form, so unchanged fields stay as they are", () => {
    const result = validateUpdate({ ...valuesFromServer(server), name: "Renamed" });
    expect(result.ok && result.payload).toEqual({
      name: "Renamed",
      transport: "sse",
      url: "https://tools.example.com/sse",
      headers: [{ name: "Authorization" }],
      description: "",
      tags: ["prod"],
      monitoring: { enabled: true, intervalSec: 900 },
      protocol: "auto",
    });
  });
});

describe("server errors onto the form", () => {
  it("maps 400 details onto fields by their path", () => {
    const err = apiError(400, {
      error: "validation_failed",
      message: "Some fields are not valid.",
      details: [
        { path: "monitoring.intervalSec", message: "On the Free plan, checks run at most every 15 minutes." },
        { path: "headers.0.value", message: "Enter a value for this new header." },
      ],
    });
    expect(mapSaveError(err)).toEqual({
      fields: {
        "monitoring.intervalSec": "On the Free plan, checks run at most every 15 minutes.",
        "headers.0.value": "Enter a value for this new header.",
      },
      problem: null,
    });
  });

  it("shows a 400 without field paths as a banner", () => {
    const err = apiError(400, { error: "validation_failed", message: "That address is not allowed: it is a private network.", details: [{ path: "", message: "That address is not allowed." }] });
    expect(mapSaveError(err)).toEqual({ fields: {}, problem: { kind: "error", message: "That address is not allowed." } });
    expect(mapSaveError(apiError(400, { error: "validation_failed", message: "Bad URL." })).problem).toEqual({ kind: "error", message: "Bad URL." });
  });

  it("puts a conflict (409) on the field that must be unique: the name unless the form says otherwise", () => {
    const err = apiError(409, { error: "conflict", message: "You already have a server with this name." });
    expect(mapSaveError(err)).toEqual({ fields: { name: "You already have a server with this name." }, problem: null });
    expect(mapSaveError(err, "slug")).toEqual({ fields: { slug: "You already have a server with this name." }, problem: null });
  });

  it("turns plan_required into the plan banner, other failures into an error banner", () => {
    const plan = apiError(403, { error: "plan_required", feature: "servers", message: "The Free plan allows 3 servers." });
    expect(mapSaveError(plan)).toEqual({ fields: {}, problem: { kind: "plan", message: "The Free plan allows 3 servers." } });
    expect(mapSaveError(apiError(500, { error: "internal", message: "Boom." })).problem).toEqual({ kind: "error", message: "Boom." });
    expect(mapSaveError(new ApiError(0, "Network Error", "Network error while fetching /api/servers: x")).problem?.message).toMatch(/could not be reached/);
  });

  it("turns demo_account into the banner that offers a free account", () => {
    const demo = apiError(403, { error: "demo_account", message: "Demo accounts are open to anyone without signing up, so they connect to the demo's MCP server only." });
    expect(mapSaveError(demo)).toEqual({ fields: {}, problem: { kind: "demo", message: "Demo accounts are open to anyone without signing up, so they connect to the demo's MCP server only." } });
  });

  it("reads the suggested transport of a failed test", () => {
    expect(suggestedTransport(apiError(502, { error: "upstream_error", message: "x", details: { suggestion: { transport: "sse" } } }))).toBe("sse");
    expect(suggestedTransport(apiError(502, { error: "upstream_error", message: "x", details: { suggestion: { transport: "ws" } } }))).toBeNull();
    expect(suggestedTransport(apiError(504, { error: "upstream_timeout", message: "x" }))).toBeNull();
  });
});

describe("addTags", () => {
  it("splits pasted lists, trims, drops duplicates and stops at ten", () => {
    expect(addTags(["prod"], " team-a , prod,, beta ")).toEqual(["prod", "team-a", "beta"]);
    const nine = Array.from({ length: 9 }, (_, i) => `t${i}`);
    expect(addTags(nine, "x, y")).toEqual([...nine, "x"]);
  });
});
