import { useState } from "react";
import { render } from "@testing-library/react";
import axe from "axe-core";

import { LogPanel } from "@/components/workbench/log-panel";
import { ProgressView } from "@/components/workbench/progress-view";
import { DurationBadge } from "@/components/workbench/results/duration-badge";
import { JsonView } from "@/components/workbench/results/json-view";
import { PromptMessagesView } from "@/components/workbench/results/prompt-messages-view";
import { RawExchangeView } from "@/components/workbench/results/raw-exchange-view";
import { ResourceContentsView } from "@/components/workbench/results/resource-contents-view";
import { ToolResultView } from "@/components/workbench/results/tool-result-view";
import { SchemaForm } from "@/components/workbench/schema-form/schema-form";
import { defaultsFor } from "@/lib/workbench/schema-form/defaults";
import type { JsonSchema } from "@/lib/workbench/schema-form/types";

import { everythingFixture, everythingTools } from "./everything";
import { installResizeObserver } from "./jsdom-gaps";

beforeAll(() => {
  installResizeObserver();
  // axe draws text on a canvas to spot icon fonts; jsdom has none (and these components use SVG icons).
  jest.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(null);
});

/** Rules jsdom cannot judge (it has no layout or colours) are left to the end-to-end checks. */
async function violations(container: HTMLElement) {
  const result = await axe.run(container, {
    rules: { "color-contrast": { enabled: false }, region: { enabled: false } },
  });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

function Form({ schema, errors }: { schema: JsonSchema; errors?: { path: string; message: string }[] }) {
  const [value, setValue] = useState(() => defaultsFor(schema));
  return <SchemaForm schema={schema} value={value} onChange={setValue} errors={errors} aria-label="Arguments" />;
}

const richSchema: JsonSchema = {
  type: "object",
  required: ["name"],
  properties: {
    name: { type: "string", description: "Who" },
    when: { type: "string", format: "date-time" },
    count: { type: "integer", minimum: 1 },
    on: { type: "boolean" },
    mode: { enum: ["a", "b"] },
    fixed: { const: 1 },
    tags: { type: "array", items: { type: "string" }, default: ["x"] },
    address: { type: "object", properties: { city: { type: "string" } } },
    limit: { anyOf: [{ type: "number" }, { type: "null" }] },
    extra: { type: "object", additionalProperties: true },
  },
};

describe("axe finds no violations", () => {
  it("in a form with every kind of field, with errors shown", async () => {
    const { container } = render(<Form schema={richSchema} errors={[{ path: "/name", message: "Required" }, { path: "/tags", message: "Too few" }]} />);
    expect(await violations(container)).toEqual([]);
  });

  it.each(everythingTools.map((t) => [t.name, t.inputSchema] as const))("in the form for %s", async (_, schema) => {
    const { container } = render(<Form schema={schema} />);
    expect(await violations(container)).toEqual([]);
  });

  it("in tool results of every content type, error or not", async () => {
    const { container } = render(
      <>
        {Object.values(everythingFixture.results).map((result, i) => (
          <ToolResultView key={i} result={result} onOpenResource={() => {}} />
        ))}
        <ToolResultView result={{ isError: true, content: [{ type: "text", text: "failed" }, { type: "audio", data: "UklGRg==", mimeType: "audio/wav" }] }} />
      </>,
    );
    expect(await violations(container)).toEqual([]);
  });

  it("in resource contents, prompt messages, the raw exchange and a JSON tree", async () => {
    const { container } = render(
      <>
        <ResourceContentsView result={{ contents: [{ uri: "demo://a", text: "{}" }, { uri: "demo://b", blob: "AAEC" }] }} />
        <PromptMessagesView result={everythingFixture.prompt.result} />
        <RawExchangeView request={{ jsonrpc: "2.0", id: 1, method: "ping" }} response={{ jsonrpc: "2.0", id: 1, result: {} }} />
        <JsonView value={{ a: [1, { b: null }] }} collapsedDepth={1} />
      </>,
    );
    expect(await violations(container)).toEqual([]);
  });

  it("in progress, duration and the log panel", async () => {
    const { container } = render(
      <>
        <ProgressView progress={1} total={4} message="Step 1" />
        <ProgressView />
        <DurationBadge ms={12} />
        <LogPanel entries={[{ level: "warning", data: "careful", logger: "core", time: Date.UTC(2025, 0, 1) }]} />
      </>,
    );
    expect(await violations(container)).toEqual([]);
  });
});
