import type { JsonSchema } from "@/lib/workbench/schema-form/types";

import fixture from "./fixtures/server-everything.json";

/** Real `tools/list`, `tools/call` and `prompts/get` answers of @modelcontextprotocol/server-everything. */
export const everythingFixture = fixture;

export const everythingTools = fixture.tools.map((t) => ({ ...t, inputSchema: t.inputSchema as unknown as JsonSchema }));

export function toolSchema(name: string): JsonSchema {
  const tool = everythingTools.find((t) => t.name === name);
  if (!tool) throw new Error(`server-everything has no tool ${name}`);
  return tool.inputSchema;
}
