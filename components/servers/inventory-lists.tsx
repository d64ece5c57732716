import { ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { PromptDefinition, ResourceDefinition, ResourceTemplateDefinition, ToolDefinition } from "@/lib/mcp/types";
import { SchemaTable } from "./schema-table";

const ANNOTATIONS: { key: string; label: string; className: string }[] = [
  { key: "readOnlyHint", label: "Read-only", className: "bg-secondary text-secondary-foreground" },
  { key: "destructiveHint", label: "Destructive", className: "bg-destructive/10 text-destructive" },
  { key: "idempotentHint", label: "Idempotent", className: "bg-secondary text-secondary-foreground" },
  { key: "openWorldHint", label: "Open world", className: "bg-secondary text-secondary-foreground" },
];

function Muted({ children }: { children: ReactNode }) {
  return <span className="text-muted-foreground">{children}</span>;
}

/** One definition that opens to its details; `<details>` gives keyboard and screen-reader support for free. */
function Disclosure({ summary, children }: { summary: ReactNode; children: ReactNode }) {
  return (
    <details className="group rounded-lg border bg-card">
      <summary className="flex cursor-pointer list-none items-start gap-2 rounded-lg p-3 hover:bg-muted/50 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden [&::-webkit-details-marker]:hidden">
        <ChevronRight aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-90" />
        <span className="block min-w-0 flex-1">{summary}</span>
      </summary>
      <div className="flex flex-col gap-4 border-t p-4">{children}</div>
    </details>
  );
}

export function ToolList({ tools }: { tools: ToolDefinition[] }) {
  return (
    <ul className="flex flex-col gap-2" aria-label="Tools">
      {tools.map((tool) => {
        const flags = ANNOTATIONS.filter((a) => tool.annotations?.[a.key] === true);
        return (
          <li key={tool.name}>
            <Disclosure
              summary={
                <>
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="font-mono text-sm font-medium">{tool.name}</span>
                    {tool.title && tool.title !== tool.name ? <span className="text-sm text-muted-foreground">{tool.title}</span> : null}
                    {flags.map((f) => (
                      <span key={f.key} className={`rounded-md px-1.5 py-0.5 text-[11px] font-medium ${f.className}`}>
                        {f.label}
                      </span>
                    ))}
                  </span>
                  {tool.description ? <span className="mt-1 line-clamp-2 block text-sm text-muted-foreground">{tool.description}</span> : null}
                </>
              }
            >
              {tool.description ? <p className="text-sm whitespace-pre-wrap">{tool.description}</p> : null}
              <section className="flex flex-col gap-2">
                <h3 className="text-sm font-semibold">Input schema</h3>
                <SchemaTable schema={tool.inputSchema} label={`Input schema of ${tool.name}`} />
              </section>
              {tool.outputSchema ? (
                <section className="flex flex-col gap-2">
                  <h3 className="text-sm font-semibold">Output schema</h3>
                  <SchemaTable schema={tool.outputSchema} label={`Output schema of ${tool.name}`} />
                </section>
              ) : null}
            </Disclosure>
          </li>
        );
      })}
    </ul>
  );
}

export function ResourceList({ resources }: { resources: ResourceDefinition[] }) {
  return <ResourceTable label="Resources" addressHeader="URI" rows={resources.map((r) => ({ ...r, address: r.uri }))} />;
}

export function TemplateList({ templates }: { templates: ResourceTemplateDefinition[] }) {
  return <ResourceTable label="Resource templates" addressHeader="URI template" rows={templates.map((t) => ({ ...t, address: t.uriTemplate }))} />;
}

/** Resources and templates alike: the address is a URI or a URI template, unique within the list. */
function ResourceTable({
  label,
  addressHeader,
  rows,
}: {
  label: string;
  addressHeader: string;
  rows: { address: string; name: string; title?: string; mimeType?: string; description?: string }[];
}) {
  return (
    <div className="rounded-lg border">
      <Table aria-label={label}>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Name</TableHead>
            <TableHead>{addressHeader}</TableHead>
            <TableHead>Type</TableHead>
            <TableHead>Description</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.address}>
              <TableCell className="align-top font-medium">{r.title ?? r.name}</TableCell>
              <TableCell className="align-top font-mono text-xs wrap-anywhere">{r.address}</TableCell>
              <TableCell className="align-top font-mono text-xs whitespace-nowrap">{r.mimeType ?? <Muted>—</Muted>}</TableCell>
              <TableCell className="align-top text-sm">{r.description ?? <Muted>No description</Muted>}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

export function PromptList({ prompts }: { prompts: PromptDefinition[] }) {
  return (
    <ul className="flex flex-col gap-2" aria-label="Prompts">
      {prompts.map((p) => {
        const args = p.arguments ?? [];
        return (
          <li key={p.name}>
            <Disclosure
              summary={
                <>
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="font-mono text-sm font-medium">{p.name}</span>
                    {p.title && p.title !== p.name ? <span className="text-sm text-muted-foreground">{p.title}</span> : null}
                    <span className="text-xs text-muted-foreground">
                      {args.length === 0 ? "no arguments" : args.length === 1 ? "1 argument" : `${args.length} arguments`}
                    </span>
                  </span>
                  {p.description ? <span className="mt-1 line-clamp-2 block text-sm text-muted-foreground">{p.description}</span> : null}
                </>
              }
            >
              {p.description ? <p className="text-sm whitespace-pre-wrap">{p.description}</p> : null}
              {args.length === 0 ? (
                <p className="text-sm text-muted-foreground">This prompt takes no arguments.</p>
              ) : (
                <div className="rounded-lg border">
                  <Table aria-label={`Arguments of ${p.name}`}>
                    <TableHeader>
                      <TableRow className="hover:bg-transparent">
                        <TableHead>Argument</TableHead>
                        <TableHead>Required</TableHead>
                        <TableHead className="w-1/2">Description</TableHead>
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {args.map((a) => (
                        <TableRow key={a.name}>
                          <TableCell className="align-top font-mono text-xs">{a.name}</TableCell>
                          <TableCell className="align-top text-xs">{a.required ? "Required" : <Muted>Optional</Muted>}</TableCell>
                          <TableCell className="align-top text-xs">{a.description ?? <Muted>No description</Muted>}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </div>
              )}
            </Disclosure>
          </li>
        );
      })}
    </ul>
  );
}
