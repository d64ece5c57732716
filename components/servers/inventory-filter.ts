import type { ServerInventory } from "@/lib/servers/schema";

function matches(query: string, ...fields: (string | undefined)[]): boolean {
  return fields.some((f) => f?.toLowerCase().includes(query));
}

/** The items of one kind that match the search, by name, title, URI or description. */
export function filterInventory(inv: ServerInventory, raw: string): ServerInventory {
  const q = raw.trim().toLowerCase();
  if (!q) return inv;
  return {
    ...inv,
    tools: inv.tools.filter((t) => matches(q, t.name, t.title, t.description)),
    resources: inv.resources.filter((r) => matches(q, r.name, r.title, r.uri, r.description, r.mimeType)),
    resourceTemplates: inv.resourceTemplates.filter((r) => matches(q, r.name, r.title, r.uriTemplate, r.description)),
    prompts: inv.prompts.filter((p) => matches(q, p.name, p.title, p.description)),
  };
}
