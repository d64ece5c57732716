import { allOrNone, serves, serversInput, toggled, withServeNew, type Member } from "@/components/gateways/members-model";

const KEYS = ["echo", "add", "get-env"];
const served = (filter: Parameters<typeof serves>[0]) => KEYS.filter((k) => serves(filter, k));

describe("a gateway server's item checkboxes", () => {
  it("writes a deny list when an item is unticked, and no filter once all are ticked again", () => {
    const denied = toggled(null, "get-env", false);
    expect(denied).toEqual({ deny: ["get-env"] });
    expect(served(denied)).toEqual(["echo", "add"]);
    expect(toggled(denied, "get-env", true)).toBeNull();
  });

  it("keeps an allow list an allow list: only the ticked items, and nothing the server adds later", () => {
    const only = toggled({ allow: ["echo"] }, "add", true);
    expect(only).toEqual({ allow: ["echo", "add"] });
    expect(serves(only, "a-new-tool")).toBe(false);
    expect(toggled(only, "echo", false)).toEqual({ allow: ["add"] });
  });

  it("switches between serving later items and not, keeping what is served now", () => {
    const denied = { deny: ["get-env"] };
    const allow = withServeNew(denied, KEYS, false);
    expect(allow).toEqual({ allow: ["echo", "add"] });
    expect(withServeNew(allow, KEYS, true)).toEqual(denied);
    expect(withServeNew({ allow: KEYS }, KEYS, true)).toBeNull();
  });

  it("serves all or none in either kind of list", () => {
    expect(allOrNone({ deny: ["add"] }, KEYS, true)).toBeNull();
    expect(served(allOrNone(null, KEYS, false))).toEqual([]);
    expect(allOrNone({ allow: ["add"] }, KEYS, true)).toEqual({ allow: KEYS });
    expect(allOrNone({ allow: ["add"] }, KEYS, false)).toEqual({ allow: [] });
  });
});

describe("the Servers tab's save", () => {
  const member = (over: Partial<Member>): Member => ({
    serverId: "s1",
    name: "Everything",
    status: "up",
    prefix: "",
    filters: { tools: null, prompts: null, resources: null },
    ...over,
  });

  it("sends every server in order, leaving out an empty prefix and the kinds not filtered", () => {
    expect(
      serversInput([
        member({ prefix: " everything ", filters: { tools: { deny: ["get-env"] }, prompts: null, resources: null } }),
        member({ serverId: "s2", name: "Mail" }),
      ]),
    ).toEqual([{ serverId: "s1", prefix: "everything", tools: { deny: ["get-env"] } }, { serverId: "s2" }]);
  });
});
