import type { SourceFile } from "./source-files";

/**
 * One source for each contract (issue 38): every API answer is one zod
 * schema, in its feature's lib/<feature>/responses.ts, and its TypeScript type
 * is inferred from it. The rules, each a line a reviewer can check by eye:
 *
 * 1. No zod schema is tied to a hand-written type (`satisfies ZodType<X>`,
 *    `as unknown as ZodType<X>`, with or without `z.`), anywhere in app/,
 *    lib/ or components/: that is the mark of a type declared beside its
 *    schema, which checks only that a required field is there.
 * 2. A responses.ts exports types only as `export type X =
 *    z.infer<typeof x>` (or z.input / z.output): no interface, no other
 *    alias, no re-export.
 * 3. A schema.ts or *-schema.ts of lib (lib/db/schema.ts, the tables, aside)
 *    declares no exported interface and no exported type alias with an object
 *    type (`{ … }`) in it: such a shape is an answer written by hand, unless
 *    it is listed in `notAnswers` with the reason it is no API answer (a
 *    webhook's payload, what a server-rendered page reads). Request bodies
 *    are `z.infer` of their schema there already; derived types
 *    (`Omit<…>`, `X["field"]`, unions of literals) are not shapes.
 */

const TIED_TO_A_TYPE = /\b(?:satisfies|as)\s+(?:unknown\s+as\s+)?(?:z\.)?ZodType\s*</;
const INFERRED = /^export type \w+ = z\.(?:infer|input|output)<typeof \w+>;$/;
const EXPORTED_TYPE = /^export (?:interface (\w+)|type (\w+|\{))/;

const isResponses = (p: string) => p.startsWith("lib/") && p.endsWith("/responses.ts");
const isSchema = (p: string) => p.startsWith("lib/") && /\/(?:[\w-]+-)?schema\.ts$/.test(p) && p !== "lib/db/schema.ts";

/** The text of a type alias from its `=` to its first `;` (an object type's first member ends there, its `{` already read). */
function aliasBody(lines: string[], start: number): string {
  const rest = lines.slice(start).join("\n");
  const from = rest.indexOf("=");
  const end = rest.indexOf(";", from);
  return rest.slice(from + 1, end === -1 ? undefined : end);
}

/** Each way the files break the rules above, as `path:line what`. */
export function contractViolations(files: SourceFile[], notAnswers: Record<string, string>): string[] {
  const found: string[] = [];
  for (const { path, text } of files) {
    const lines = text.split("\n");
    lines.forEach((line, i) => {
      const where = `${path}:${i + 1}`;
      if (TIED_TO_A_TYPE.test(line)) found.push(`${where} ties a zod schema to a hand-written type: infer the type from the schema instead`);
      const exported = EXPORTED_TYPE.exec(line);
      if (!exported) return;
      const name = exported[1] ?? exported[2];
      const reexport = name === "{";
      if (isResponses(path) && !INFERRED.test(line.trim())) {
        found.push(`${where} exports ${reexport ? "types it does not declare" : name} otherwise than as z.infer<typeof schema>`);
      }
      if (isSchema(path) && !reexport && !(name in notAnswers)) {
        const isShape = exported[1] !== undefined || aliasBody(lines, i).includes("{");
        if (isShape) found.push(`${where} declares the shape ${name} by hand: make it a zod schema in responses.ts and infer it (or list it as no API answer)`);
      }
    });
  }
  return found;
}
