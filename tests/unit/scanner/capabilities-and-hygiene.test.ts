/** @jest-environment node */
import { dangerousCapabilities } from "@/lib/scanner/rules/dangerous-capabilities";
import { schemaHygiene } from "@/lib/scanner/rules/schema-hygiene";
import { scanInput, tool } from "./scan-input";

describe("dangerous-capabilities", () => {
  const of = (...tools: ReturnType<typeof tool>[]) => dangerousCapabilities.check(scanInput({ tools })).map((f) => [f.severity, f.evidence]);

  it.each([
    ["execute_command", "Execute a terminal command.", "runs shell commands"],
    ["run_python", "Run Python code in a sandbox.", "executes code"],
    ["deleteFile", "Deletes a file.", "deletes files or data"],
    ["create_payment", "Charges a card.", "moves money"],
    ["slack_post_message", "Post a new message to a Slack channel.", "sends messages"],
    ["get-env", "Returns all environment variables.", "exposes environment variables (where secrets often live)"],
  ])("lists %s as information", (name, description, what) => {
    expect(of(tool(name, description))).toEqual([["info", `${name}: ${what}`]]);
  });

  it("lists what the server marks destructive", () => {
    expect(of(tool("reset", "Resets the board.", {}, { annotations: { destructiveHint: true } }))).toEqual([
      ["info", "reset: may destroy data (the server marks it destructive)"],
    ]);
  });

  it("leaves ordinary tools alone", () => {
    expect(of(tool("get_weather", "Current weather for a city."), tool("list_files", "Lists the files of a directory."), tool("search", "Search the web."))).toEqual([]);
  });
});

describe("schema-hygiene", () => {
  it("rates a tool without a description low and weak parameters info, one finding per schema node", () => {
    const findings = schemaHygiene.check(
      scanInput({
        tools: [
          {
            name: "t",
            inputSchema: {
              type: "object",
              properties: {
                q: { type: "string" },
                tags: { type: "array", description: "Tags.", items: { type: "string", maxLength: 20 } },
                mode: { type: "string", enum: ["a", "b"], description: "Mode." },
                opts: { type: "object", description: "Options.", properties: { x: { type: "integer", description: "X." } } },
              },
            },
          },
        ],
      }),
    );
    expect(findings.map((f) => [f.severity, f.target.path, f.evidence])).toEqual([
      ["low", "/description", "t: no description"],
      ["info", "/inputSchema", "input: accepts additional properties"],
      ["info", "/inputSchema/properties/q", "q: no description, string without maxLength"],
      ["info", "/inputSchema/properties/tags", "tags: array without maxItems"],
      ["info", "/inputSchema/properties/opts", "opts: accepts additional properties"],
    ]);
  });

  it("is satisfied by a tight schema", () => {
    const tight = tool("t", "Does t.", { q: { type: "string", description: "Query.", maxLength: 200 } }, {});
    tight.inputSchema.additionalProperties = false;
    expect(schemaHygiene.check(scanInput({ tools: [tight] }))).toEqual([]);
  });

  it("notes prompt arguments without a description", () => {
    const findings = schemaHygiene.check(scanInput({ prompts: [{ name: "p", arguments: [{ name: "topic" }, { name: "tone", description: "Tone." }] }] }));
    expect(findings.map((f) => [f.severity, f.target.kind, f.target.path])).toEqual([["info", "prompt", "/arguments/0"]]);
  });
});
