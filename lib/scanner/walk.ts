import { checkDeadline } from "./deadline";
import { normalizeText, type NormalizedText } from "./text/normalize";
import type { Finding, FindingTarget, ScanInput } from "./types";

/**
 * Every string a server shows a model, once per scan, with where it sits:
 * names, titles, descriptions, every JSON-Schema property name and string
 * value (descriptions, enum values, defaults, examples, nested and output
 * schemas), annotations, prompt arguments, resources and templates, the
 * server's instructions and info. Rules share this walk and each text's
 * normalized forms, so a scan stays linear in the size of the definitions.
 */

export type SiteField =
  | "name"
  | "title"
  | "description"
  | "property-name"
  | "schema-value"
  | "annotation"
  | "argument-name"
  | "uri"
  | "instructions"
  | "server-info";

export interface TextSite {
  target: FindingTarget;
  field: SiteField;
  text: string;
  /** Computed on first use, then kept. */
  readonly normalized: NormalizedText;
}

const escapePointer = (key: string) => key.replace(/~/g, "~0").replace(/\//g, "~1");
export const pointer = (parent: string, key: string | number) => `${parent}/${escapePointer(String(key))}`;

/** Keywords whose object values are maps from names to schemas. */
const SCHEMA_MAPS = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"]);
const MAX_DEPTH = 64;

function site(kind: FindingTarget["kind"], name: string, path: string, field: SiteField, text: string): TextSite {
  let cache: NormalizedText | undefined;
  return {
    target: { kind, name, path },
    field,
    text,
    get normalized() {
      cache ??= normalizeText(text);
      return cache;
    },
  };
}

function fieldOf(key: string | undefined, inAnnotations: boolean): SiteField {
  if (inAnnotations) return "annotation";
  if (key === "description") return "description";
  if (key === "title") return "title";
  return "schema-value";
}

type Push = (path: string, field: SiteField, text: string) => void;

function walkJson(value: unknown, path: string, key: string | undefined, inAnnotations: boolean, depth: number, push: Push) {
  if (depth > MAX_DEPTH) return;
  if (typeof value === "string") {
    push(path, fieldOf(key, inAnnotations), value);
  } else if (Array.isArray(value)) {
    // `required` repeats property names already read where they are defined (the others are read with its object).
    if (key === "required" && !inAnnotations) return;
    value.forEach((item, i) => walkJson(item, pointer(path, i), key, inAnnotations, depth + 1, push));
  } else if (value !== null && typeof value === "object") {
    const namesSchemas = key !== undefined && SCHEMA_MAPS.has(key) && !inAnnotations;
    const object = value as Record<string, unknown>;
    // A name in `required` that no property defines is read nowhere else: an instruction can hide there.
    if (Array.isArray(object.required) && !inAnnotations && !namesSchemas) {
      const defined = object.properties !== null && typeof object.properties === "object" ? object.properties : {};
      object.required.forEach((name, i) => {
        if (typeof name === "string" && !Object.hasOwn(defined, name)) push(pointer(pointer(path, "required"), i), "property-name", name);
      });
    }
    for (const [k, v] of Object.entries(object)) {
      const child = pointer(path, k);
      if (namesSchemas) push(child, "property-name", k);
      walkJson(v, child, namesSchemas ? undefined : k, inAnnotations, depth + 1, push);
    }
  }
}

/** The words every tool, prompt, resource and template is known by: its name, then its title and description when it has them. */
function pushNaming(push: Push, item: { name: string; title?: string; description?: string }) {
  push("/name", "name", item.name);
  if (item.title) push("/title", "title", item.title);
  if (item.description) push("/description", "description", item.description);
}

function collect(input: ScanInput): TextSite[] {
  const sites: TextSite[] = [];
  const add = (kind: FindingTarget["kind"], name: string) => {
    const push: Push = (path, field, text) => {
      if (text.length > 0) sites.push(site(kind, name, path, field, text));
    };
    return push;
  };

  for (const tool of input.tools) {
    const push = add("tool", tool.name);
    pushNaming(push, tool);
    walkJson(tool.inputSchema, "/inputSchema", undefined, false, 0, push);
    if (tool.outputSchema) walkJson(tool.outputSchema, "/outputSchema", undefined, false, 0, push);
    if (tool.annotations) walkJson(tool.annotations, "/annotations", undefined, true, 0, push);
  }
  for (const prompt of input.prompts) {
    const push = add("prompt", prompt.name);
    pushNaming(push, prompt);
    (prompt.arguments ?? []).forEach((arg, i) => {
      push(`/arguments/${i}/name`, "argument-name", arg.name);
      if (arg.description) push(`/arguments/${i}/description`, "description", arg.description);
    });
  }
  for (const resource of input.resources) {
    const push = add("resource", resource.uri);
    push("/uri", "uri", resource.uri);
    pushNaming(push, resource);
  }
  for (const template of input.resourceTemplates) {
    const push = add("resource_template", template.uriTemplate);
    push("/uriTemplate", "uri", template.uriTemplate);
    pushNaming(push, template);
  }
  const server = add("server", input.server.name);
  if (input.server.instructions) server("/instructions", "instructions", input.server.instructions);
  const info = input.server.serverInfo;
  if (info) {
    server("/serverInfo/name", "server-info", info.name);
    if (info.title) server("/serverInfo/title", "server-info", info.title);
    server("/serverInfo/version", "server-info", info.version);
  }
  return sites;
}

const walks = new WeakMap<ScanInput, TextSite[]>();

/** The texts of one scan input, walked once however many rules read them. */
export function textSites(input: ScanInput): readonly TextSite[] {
  let sites = walks.get(input);
  if (!sites) {
    sites = collect(input);
    walks.set(input, sites);
  }
  return sites;
}

/** What `check` finds in each text of the input, in walk order: the body of every rule that reads the texts one at a time. */
export function findInTexts(input: ScanInput, check: (site: TextSite) => Finding | null): Finding[] {
  const found: Finding[] = [];
  for (const site of textSites(input)) {
    checkDeadline();
    const finding = check(site);
    if (finding) found.push(finding);
  }
  return found;
}
