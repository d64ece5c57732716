import { exposedName, freePrefix } from "@/lib/gateways/names";
import { gatewayCreate, type GatewayPolicy } from "@/lib/gateways/schema";
import { approvalKey, gatewayView, hiddenResourceAt, type StoredItem, type ViewServer } from "@/lib/gateways/view";

/** What a gateway serves, decided from stored definitions, approvals and findings. */

const tool = (name: string, hash = `h-${name}`): StoredItem => ({ kind: "tool", key: name, hash, definition: { name, description: `${name} tool`, inputSchema: { type: "object" } } });

function server(overrides: Partial<ViewServer> = {}): ViewServer {
  const items = overrides.items ?? [tool("search"), tool("fetch")];
  return {
    serverId: "s1",
    name: "Docs",
    prefix: "docs",
    status: "up",
    filters: { tools: null, prompts: null, resources: null },
    items,
    approved: new Map(items.map((i) => [approvalKey(i.kind, i.key), i.hash])),
    approvedAt: new Date("2026-11-01T00:00:00Z"),
    findings: [],
    ...overrides,
  };
}

const policy: GatewayPolicy = { blockSeverity: "high", quarantineChanged: true, results: { instructions: "redact", secrets: "redact", unchecked: "block" } };
const listed = (s: ViewServer[], p = policy) => [...gatewayView(s, p).tools.keys()];
const reason = (s: ViewServer[], name: string, p = policy) => gatewayView(s, p).items.find((i) => i.exposedName === name)?.hidden?.kind ?? null;

describe("a gateway's view", () => {
  it("serves approved, clean tools under the server's prefix", () => {
    expect(listed([server()])).toEqual(["docs__search", "docs__fetch"]);
    expect(gatewayView([server()], policy).tools.get("docs__search")!.served.name).toBe("docs__search");
  });

  it("keeps two servers' tools of the same name apart", () => {
    expect(listed([server(), server({ serverId: "s2", name: "Web", prefix: "web" })])).toEqual(["docs__search", "docs__fetch", "web__search", "web__fetch"]);
  });

  it("hides a tool with an open finding at or above the policy's severity, and only those", () => {
    const finding = (severity: "critical" | "high" | "medium") => ({ id: "f1", ruleId: "model-instructions", severity, targetKind: "tool", targetName: "fetch" });
    expect(reason([server({ findings: [finding("high")] })], "docs__fetch")).toBe("blocked");
    expect(reason([server({ findings: [finding("medium")] })], "docs__fetch")).toBeNull();
    expect(reason([server({ findings: [finding("medium")] })], "docs__fetch", { ...policy, blockSeverity: "medium" })).toBe("blocked");
    expect(reason([server({ findings: [finding("critical")] })], "docs__fetch", { ...policy, blockSeverity: "off" })).toBeNull();
  });

  it("quarantines a changed or new definition until it is approved, unless quarantine is off", () => {
    const changed = server({ items: [tool("search", "new-hash"), tool("fetch")], approved: new Map([[approvalKey("tool", "search"), "old-hash"]]) });
    const view = gatewayView([changed], policy);
    expect(view.items.find((i) => i.key === "search")!.hidden).toMatchObject({ kind: "quarantined", change: "changed" });
    expect(view.items.find((i) => i.key === "fetch")!.hidden).toMatchObject({ kind: "quarantined", change: "new" });
    expect(listed([changed], { ...policy, quarantineChanged: false })).toEqual(["docs__search", "docs__fetch"]);
  });

  it("leaves a rug-pull finding to quarantine while quarantine is on", () => {
    const changed = server({
      items: [tool("search", "new-hash")],
      approved: new Map([[approvalKey("tool", "search"), "old-hash"]]),
      findings: [{ id: "f", ruleId: "rug-pull", severity: "high", targetKind: "tool", targetName: "search" }],
    });
    expect(reason([changed], "docs__search")).toBe("quarantined");
    expect(reason([changed], "docs__search", { ...policy, quarantineChanged: false })).toBe("blocked");
  });

  it("applies allow and deny lists by the server's own names", () => {
    expect(listed([server({ filters: { tools: { allow: ["search"] }, prompts: null, resources: null } })])).toEqual(["docs__search"]);
    expect(listed([server({ filters: { tools: { deny: ["search"] }, prompts: null, resources: null } })])).toEqual(["docs__fetch"]);
    expect(reason([server({ filters: { tools: { deny: ["search"] }, prompts: null, resources: null } })], "docs__search")).toBe("filtered");
  });

  it("hides a down server's items, and a name an earlier server already serves", () => {
    expect(reason([server({ status: "down" })], "docs__search")).toBe("server_down");
    // A call is answered with why monitoring saw it down (an expired sign-in, say).
    const down = gatewayView([server({ status: "down", downReason: "Reauthorization required: the server refused its access token." })], policy).items.find((i) => i.exposedName === "docs__search");
    expect(down?.hidden?.message).toBe("Monitoring saw Docs down (Reauthorization required: the server refused its access token); its items come back when it is up.");
    const twin = server({ serverId: "s2", name: "Docs copy" });
    expect(reason([server(), twin], "docs__search")).toBeNull();
    expect(gatewayView([server(), twin], policy).items.filter((i) => i.hidden?.kind === "collision")).toHaveLength(2);
  });

  it("names the server that serves a resource URI or template two servers share, and says a prefix is no fix for it", () => {
    const resource = (uri: string): StoredItem => ({ kind: "resource", key: uri, hash: `h-${uri}`, definition: { uri, name: uri } });
    const template = (uriTemplate: string): StoredItem => ({ kind: "resource_template", key: uriTemplate, hash: `h-${uriTemplate}`, definition: { uriTemplate, name: uriTemplate } });
    const items = [tool("search"), resource("docs://readme"), template("docs://{page}")];
    const view = gatewayView([server({ items }), server({ serverId: "s2", name: "Docs copy", prefix: "copy", items })], policy);
    const of = (serverId: string, key: string) => view.items.find((i) => i.server.serverId === serverId && i.key === key)!.hidden;
    for (const key of ["docs://readme", "docs://{page}"]) {
      expect(of("s1", key)).toBeNull();
      expect(of("s2", key)).toMatchObject({ kind: "collision", servedBy: { serverId: "s1", serverName: "Docs" }, message: expect.stringMatching(/^Docs serves the same resource (template )?and comes first.*Choose which server serves it\.$/) });
    }
    // Tools are apart under their prefixes.
    expect(of("s2", "search")).toBeNull();
  });
});

describe("a hidden resource", () => {
  const resource = (uri: string): StoredItem => ({ kind: "resource", key: uri, hash: `h-${uri}`, definition: { uri, name: uri } });
  const files = (uris: string[], filters: ViewServer["filters"]["resources"] = null) =>
    server({ items: uris.map(resource), filters: { tools: null, prompts: null, resources: filters } });

  it("is found under every spelling a server might read as its URI, and nothing else is", () => {
    const view = gatewayView([files(["file:///home/ada/Secrets.txt", "file:///home/ada/notes.txt"], { deny: ["file:///home/ada/Secrets.txt"] })], policy);
    for (const uri of [
      "file:///home/ada/Secrets.txt",
      "FILE:///home/ada/secrets.TXT",
      "file:///home/ada/%53ecrets.txt",
      "file:///home/ada/%2553ecrets.txt",
      "file:///home/ada/./tmp/../Secrets.txt",
      "file:///home//ada/Secrets.txt/",
      "file:///home/ada/Secrets.txt#part",
      "file:///home/ada/Secrets.txt?raw=1",
      "file:///home\\ada\\Secrets.txt",
      "file://localhost/home/ada/Secrets.txt",
    ]) {
      expect([uri, hiddenResourceAt(view, uri)?.key]).toEqual([uri, "file:///home/ada/Secrets.txt"]);
    }
    for (const uri of ["file:///home/ada/notes.txt", "file:///home/ada/Secrets.txt.bak", "file:///home/ada/Secrets", "file:///home/ada"]) {
      expect([uri, hiddenResourceAt(view, uri)]).toEqual([uri, undefined]);
    }
  });

  it("keeps a query it was listed with", () => {
    const view = gatewayView([files(["db://main?table=keys", "db://main?table=notes"], { deny: ["db://main?table=keys"] })], policy);
    expect(hiddenResourceAt(view, "db://main?table=KEYS")?.key).toBe("db://main?table=keys");
    expect(hiddenResourceAt(view, "db://main?table=notes")).toBeUndefined();
  });

  it("is not one whose URI another server of the gateway already serves", () => {
    const view = gatewayView([files(["notes://a"]), { ...files(["notes://a"]), serverId: "s2" }], policy);
    expect(view.items.filter((i) => i.hidden?.kind === "collision")).toHaveLength(1);
    expect(hiddenResourceAt(view, "notes://a")).toBeUndefined();
  });
});

describe("exposed names", () => {
  it("are valid for the common clients whatever the server's name, and stay apart when cut", () => {
    const long = "a".repeat(100);
    const names = [exposedName("docs", "search files"), exposedName("docs", "ünïcode/tool.name"), exposedName("docs", long), exposedName("docs", `${long}b`)];
    for (const name of names) expect(name).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(names[2]).not.toBe(names[3]);
  });

  it("take a free prefix when the wanted one is taken", () => {
    expect(freePrefix("docs", new Set(["docs", "docs-2"]))).toBe("docs-3");
  });
});

describe("a gateway's create body", () => {
  it("refuses an allow list and a deny list together, and a server listed twice", () => {
    const both = gatewayCreate.safeParse({ name: "G", servers: [{ serverId: "x", tools: { allow: ["a"], deny: ["b"] } }] });
    expect(both.success).toBe(false);
    const twice = gatewayCreate.safeParse({ name: "G", servers: [{ serverId: "x" }, { serverId: "x" }] });
    expect(twice.success).toBe(false);
    expect(gatewayCreate.safeParse({ name: "G", servers: [{ serverId: "x", prefix: "Bad Prefix" }] }).success).toBe(false);
  });
});
