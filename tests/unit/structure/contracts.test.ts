import { contractViolations } from "./contract-rules";
import { sourceFiles } from "./source-files";

/**
 * One source for each contract (issue 38; the rules are in ./contract-rules.ts):
 * each API answer is one zod schema and its type is inferred from it.
 */

/** Shapes of lib's schema files that no API route answers with, and what they are instead. */
const NOT_ANSWERS: Record<string, string> = {
  AlertPayload: "the JSON body a webhook receives (docs/alerts.md), sent by the dispatcher, not an answer of the API",
  AlertIncident: "part of the webhook's payload",
  AlertFlapping: "part of the webhook's payload",
  PublicStatusPage: "what the server-rendered /status/{slug} page and its feed read; no API route returns it",
  PublicServer: "part of the public status page's data",
  PublicIncident: "part of the public status page's data",
  PublicPastIncident: "part of the public status page's data",
  PublicMaintenance: "a maintenance window as the public status page shows it",
};

describe("API contracts", () => {
  const source = sourceFiles("app", "lib", "components");

  it("declare each answer once: a zod schema, its type inferred from it", () => {
    expect(contractViolations(source, NOT_ANSWERS)).toEqual([]);
  });

  it("list as no answer only shapes that exist and that no API route names", () => {
    const routes = source.filter((f) => f.path.startsWith("app/api/"));
    const schemaText = source.filter((f) => f.path.startsWith("lib/")).map((f) => f.text).join("\n");
    const wrong = Object.keys(NOT_ANSWERS).flatMap((name) => {
      const word = new RegExp(`\\b${name}\\b`);
      if (!new RegExp(`export (?:interface|type) ${name}\\b`).test(schemaText)) return [`${name} is declared nowhere in lib`];
      return routes.filter((f) => word.test(f.text)).map((f) => `${name} is named by ${f.path}: it is an answer after all`);
    });
    expect(wrong).toEqual([]);
  });
});

describe("the contract rules", () => {
  const answer = `import { z } from "zod";\nexport const thingDto = z.object({ id: z.string() });\nexport type ThingDto = z.infer<typeof thingDto>;\n`;

  it("accept an answer inferred from its schema, re-exported by schema.ts", () => {
    const files = [
      { path: "lib/things/responses.ts", text: answer },
      { path: "lib/things/schema.ts", text: `export type { ThingDto } from "./responses";\nexport type ThingId = ThingDto["id"];\n` },
    ];
    expect(contractViolations(files, {})).toEqual([]);
  });

  it("fail on a schema tied to a hand-written type", () => {
    const files = [
      { path: "lib/things/responses.ts", text: `export const thingDto = z.object({ id: z.string() }) satisfies ZodType<ThingDto>;\n` },
      { path: "app/api/things/route.ts", text: `const view = z.object({}) as unknown as z.ZodType<View>;\n` },
    ];
    expect(contractViolations(files, {})).toEqual([
      "lib/things/responses.ts:1 ties a zod schema to a hand-written type: infer the type from the schema instead",
      "app/api/things/route.ts:1 ties a zod schema to a hand-written type: infer the type from the schema instead",
    ]);
  });

  it("fail on a responses.ts type that is not inferred", () => {
    const files = [
      { path: "lib/things/responses.ts", text: `${answer}export interface ThingList {\n  things: ThingDto[];\n}\nexport type ThingPage = { things: ThingDto[] };\nexport type { Other } from "./other";\n` },
    ];
    expect(contractViolations(files, {})).toEqual([
      "lib/things/responses.ts:4 exports ThingList otherwise than as z.infer<typeof schema>",
      "lib/things/responses.ts:7 exports ThingPage otherwise than as z.infer<typeof schema>",
      "lib/things/responses.ts:8 exports types it does not declare otherwise than as z.infer<typeof schema>",
    ]);
  });

  it("fail on an answer declared by hand in a schema file, unless it is listed as no answer", () => {
    const text = [
      "export interface ThingDto {",
      "  id: string;",
      "}",
      "export type ThingResult = ThingDto & { created: boolean };",
      "export type ThingLine =",
      '  | { type: "a" }',
      '  | { type: "b" };',
      "export type Payload = { id: string };",
    ].join("\n");
    const files = [
      { path: "lib/things/schema.ts", text },
      { path: "lib/things/line-schema.ts", text: "export interface Line {\n  at: string;\n}\n" },
      { path: "lib/db/schema.ts", text: "export interface Column {\n  name: string;\n}\n" },
    ];
    const why = (shape: string) => `declares the shape ${shape} by hand: make it a zod schema in responses.ts and infer it (or list it as no API answer)`;
    expect(contractViolations(files, { Payload: "a webhook's body" })).toEqual([
      `lib/things/schema.ts:1 ${why("ThingDto")}`,
      `lib/things/schema.ts:4 ${why("ThingResult")}`,
      `lib/things/schema.ts:5 ${why("ThingLine")}`,
      `lib/things/line-schema.ts:1 ${why("Line")}`,
    ]);
  });
});
