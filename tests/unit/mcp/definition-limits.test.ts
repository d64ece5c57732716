import { definitionProblem, MAX_DEFINITION_CHARS, MAX_DEFINITION_DEPTH } from "@/lib/mcp/definition-limits";

/** An object `levels` deep, each level counting once. */
function nested(levels: number): unknown {
  let value: unknown = "leaf";
  for (let i = 0; i < levels; i++) value = { next: value };
  return value;
}

describe("definitionProblem", () => {
  it("keeps a definition as deep as the limit and refuses one level more", () => {
    expect(definitionProblem(nested(MAX_DEFINITION_DEPTH))).toBeNull();
    expect(definitionProblem(nested(MAX_DEFINITION_DEPTH + 1))).toBe(`is nested more than ${MAX_DEFINITION_DEPTH} levels deep`);
  });

  it("measures a definition nested far deeper than the stack allows, without throwing", () => {
    expect(definitionProblem(nested(200_000))).toBe(`is nested more than ${MAX_DEFINITION_DEPTH} levels deep`);
  });

  it("counts arrays as levels too", () => {
    let value: unknown = 1;
    for (let i = 0; i < MAX_DEFINITION_DEPTH + 1; i++) value = [value];
    expect(definitionProblem(value)).toMatch(/nested more than/);
  });

  it("refuses a definition whose text is larger than the limit, in strings or in keys", () => {
    expect(definitionProblem({ name: "big", description: "x".repeat(MAX_DEFINITION_CHARS) })).toBe(`is larger than ${MAX_DEFINITION_CHARS / 1024} KiB`);
    expect(definitionProblem({ properties: { ["k".repeat(MAX_DEFINITION_CHARS)]: {} } })).toMatch(/larger than/);
    expect(definitionProblem({ name: "fine", description: "x".repeat(MAX_DEFINITION_CHARS / 2) })).toBeNull();
  });
});
