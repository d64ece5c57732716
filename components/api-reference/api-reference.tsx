import { OperationView } from "./operation";
import { SchemaView } from "./schema-view";
import type { Endpoint, JsonSchema, Operation } from "./types";

/**
 * The API reference, rendered on the server from the OpenAPI document: a
 * table of contents, then one section per tag with its operations. Nothing
 * from another origin: an operation's parameters and answers, when opened,
 * are read from the document the API serves (/api/openapi.json).
 */

interface Document {
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> };
}

const TAG_TITLES: Record<string, string> = {
  "openapi.json": "OpenAPI",
  "status-pages": "Status pages",
  auth: "Authentication",
  user: "Account and settings",
  workbench: "Workbench",
};

const tagTitle = (tag: string) => TAG_TITLES[tag] ?? tag.charAt(0).toUpperCase() + tag.slice(1);

/** The operations grouped by tag, tags and paths in alphabetical order. */
function byTag(doc: Document): [string, Endpoint[]][] {
  const groups = new Map<string, Endpoint[]>();
  for (const path of Object.keys(doc.paths).sort()) {
    for (const [method, operation] of Object.entries(doc.paths[path])) {
      const tag = operation.tags[0] ?? "api";
      groups.set(tag, [...(groups.get(tag) ?? []), { method: method.toUpperCase(), path, operation }]);
    }
  }
  return [...groups.entries()].sort(([a], [b]) => tagTitle(a).localeCompare(tagTitle(b)));
}

export function ApiReference({ document: doc }: { document: Document }) {
  const groups = byTag(doc);
  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[14rem_minmax(0,1fr)]">
      <nav aria-label="API sections" className="lg:sticky lg:top-24 lg:max-h-[calc(100vh-7rem)] lg:self-start lg:overflow-y-auto">
        <h2 className="text-sm font-semibold">Contents</h2>
        <ul className="mt-3 space-y-1 text-sm">
          <li>
            <a href="#overview" className="text-muted-foreground hover:text-foreground">Overview</a>
          </li>
          {groups.map(([tag, endpoints]) => (
            <li key={tag}>
              <a href={`#tag-${tag}`} className="text-muted-foreground hover:text-foreground">
                {tagTitle(tag)} <span className="sr-only">,</span>
                <span className="text-xs">({endpoints.length})</span>
              </a>
            </li>
          ))}
          <li>
            <a href="#errors" className="text-muted-foreground hover:text-foreground">Errors</a>
          </li>
        </ul>
      </nav>

      <div className="min-w-0 space-y-12">
        <section id="overview" aria-labelledby="overview-title" className="scroll-mt-24">
          <h2 id="overview-title" className="text-2xl font-semibold tracking-tight">Overview</h2>
          <p className="mt-3">
            Base URL: <code className="rounded bg-muted px-1 py-0.5 font-mono text-sm wrap-anywhere">{doc.servers[0]?.url}</code>
          </p>
          <p className="mt-3 text-muted-foreground">
            Authenticate with <code className="font-mono">Authorization: Bearer</code> and a personal API token (<code className="font-mono">mcpc_…</code>,
            created in Settings) or a Firebase ID token; a signed-in browser uses its session cookie, and its writes must come from this site&apos;s pages.
            Every answer carries an <code className="font-mono">x-request-id</code> header.
          </p>
          <p className="mt-3">
            The machine-readable document: <a href="/api/openapi.json" className="font-medium text-primary underline underline-offset-4">/api/openapi.json</a> (OpenAPI 3.1).
          </p>
        </section>

        {groups.map(([tag, endpoints]) => (
          <section key={tag} id={`tag-${tag}`} aria-labelledby={`tag-${tag}-title`} className="scroll-mt-24">
            <h2 id={`tag-${tag}-title`} className="text-2xl font-semibold tracking-tight">{tagTitle(tag)}</h2>
            <ul className="mt-3 space-y-1 text-sm">
              {endpoints.map((e) => (
                <li key={e.operation.operationId}>
                  <a href={`#${e.operation.operationId}`} className="font-mono wrap-anywhere text-muted-foreground hover:text-foreground">
                    {e.method} {e.path}
                  </a>
                </li>
              ))}
            </ul>
            <div className="mt-6 space-y-6">
              {endpoints.map((e) => (
                <OperationView key={e.operation.operationId} endpoint={e} />
              ))}
            </div>
          </section>
        ))}

        <section id="errors" aria-labelledby="errors-title" className="scroll-mt-24">
          <h2 id="errors-title" className="text-2xl font-semibold tracking-tight">Errors</h2>
          <div className="mt-4 rounded-lg border bg-card p-4 text-card-foreground sm:p-6">
            <SchemaView schema={doc.components.schemas.Error} />
          </div>
        </section>
      </div>
    </div>
  );
}
