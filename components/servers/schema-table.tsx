import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { schemaRows } from "./json-schema";

/** A JSON Schema's properties as a table; the raw schema is one disclosure away. */
export function SchemaTable({ schema, label }: { schema: Record<string, unknown>; label: string }) {
  const rows = schemaRows(schema);
  return (
    <div className="flex flex-col gap-2">
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">No parameters.</p>
      ) : (
        <div className="rounded-lg border">
          <Table aria-label={label}>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Name</TableHead>
                <TableHead>Type</TableHead>
                <TableHead>Required</TableHead>
                <TableHead className="w-1/2">Description</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.path}>
                  <TableCell className="align-top font-mono text-xs whitespace-nowrap">
                    <span style={{ paddingLeft: `${row.depth * 1.25}rem` }} title={row.path}>
                      {row.depth > 0 ? <span aria-hidden="true" className="text-muted-foreground">└ </span> : null}
                      {row.name}
                    </span>
                  </TableCell>
                  <TableCell className="align-top font-mono text-xs">{row.type}</TableCell>
                  <TableCell className="align-top text-xs">
                    {row.required ? <span className="font-medium">Required</span> : <span className="text-muted-foreground">Optional</span>}
                  </TableCell>
                  <TableCell className="align-top text-xs">
                    {row.description ?? <span className="text-muted-foreground">No description</span>}
                    {row.notes.length > 0 ? <p className="mt-1 text-muted-foreground">{row.notes.join(" · ")}</p> : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      <details className="group rounded-lg border">
        <summary className="cursor-pointer rounded-lg px-3 py-2 text-xs font-medium text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden">
          Raw JSON of the {label.toLowerCase()}
        </summary>
        <pre tabIndex={0} aria-label={`Raw JSON of the ${label.toLowerCase()}`} className="max-h-96 overflow-auto border-t bg-muted/40 p-3 font-mono text-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden">{JSON.stringify(schema, null, 2)}</pre>
      </details>
    </div>
  );
}
