import { settledPrefixes } from "@/lib/gateways/prefix";

describe("the prefixes a gateway's servers get", () => {
  it("keeps a prefix given and gives the others their name as a slug", () => {
    expect(settledPrefixes([{ name: "Everything (demo)" }, { name: "Mail helpers", prefix: "mail" }])).toEqual(["everything-demo", "mail"]);
  });

  it("numbers a default that another server already has, given or settled", () => {
    expect(settledPrefixes([{ name: "Search" }, { name: "search" }, { name: "Other", prefix: "search-2" }])).toEqual(["search", "search-3", "search-2"]);
  });

  it("cuts a long name to the prefix limit and names a server without letters or digits", () => {
    const [long, stars] = settledPrefixes([{ name: "A server with a very long name indeed" }, { name: "★★★" }]);
    expect(long.length).toBeLessThanOrEqual(24);
    expect(long).toMatch(/^a-server-with-a-very/);
    expect(stars).toBe("server");
  });
});
