import { paletteScope } from "@/lib/search/palette-index";

/** The palette's footer: what it searches, and which servers and gateways it leaves out. */

describe("paletteScope", () => {
  it("says what is searched and the bounds, with nothing left out for a few servers and gateways", () => {
    const line = paletteScope(3, 2);
    expect(line).toMatch(/^Finds pages, settings, servers and gateways, and by name, URI or description up to 150 tools, resources and prompts of each of your first 20 servers and 150 items of each of your first 10 gateways\.$/);
  });

  it("names how many servers and gateways lie past the bounds", () => {
    expect(paletteScope(25, 10)).toMatch(/ The items of the other 5 of your 25 servers are not searched\.$/);
    expect(paletteScope(20, 12)).toMatch(/ The items of the other 2 of your 12 gateways are not searched\.$/);
    expect(paletteScope(21, 11)).toMatch(/ The items of the other 1 of your 21 servers and 1 of your 11 gateways are not searched\.$/);
  });
});
