"use client";

import { useId, useState, type FormEvent } from "react";
import { Plus, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useRoots } from "@/lib/workbench/roots-store";
import { MAX_ROOTS, rootSchema, type Root } from "@/lib/workbench/schema";

/**
 * The roots offered to the server (MCP `roots/list`): the folders a server
 * may consider its workspace. Kept in this browser per server; the next
 * call carries them and the server is told they changed.
 */

interface Row {
  key: number;
  uri: string;
  name: string;
}

let nextKey = 0;
const rowOf = (root?: Root): Row => ({ key: nextKey++, uri: root?.uri ?? "", name: root?.name ?? "" });

export function RootsTab({ serverId }: { serverId: string }) {
  const [roots, save] = useRoots(serverId);
  const [rows, setRows] = useState<Row[]>(() => roots.map(rowOf));
  // Saved here, in another tab, or read once the page is live: the list shown follows.
  const [shown, setShown] = useState(roots);
  if (shown !== roots) {
    setShown(roots);
    setRows(roots.map(rowOf));
  }
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [status, setStatus] = useState<string | null>(null);
  const id = useId();

  const update = (key: number, change: Partial<Row>) => {
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...change } : r)));
    setStatus(null);
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    const filled = rows.filter((r) => r.uri.trim() || r.name.trim());
    const found: Record<number, string> = {};
    const next: Root[] = [];
    for (const row of filled) {
      const parsed = rootSchema.safeParse({ uri: row.uri, ...(row.name.trim() ? { name: row.name } : {}) });
      if (parsed.success) next.push(parsed.data);
      else found[row.key] = parsed.error.issues[0]?.message ?? "Not a valid root.";
    }
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setStatus(null);
      document.getElementById(`${id}-uri-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    setRows(filled);
    setStatus(save(next) ? `Saved ${next.length} ${next.length === 1 ? "root" : "roots"}: the next call gives them to the server.` : "This browser does not allow saving them.");
  }

  return (
    <form onSubmit={submit} aria-label="Roots" className="grid max-w-3xl gap-4">
      <p className="text-sm text-muted-foreground">
        Roots tell the server which folders it may treat as your workspace (<code>file://</code> URIs). The server asks for them when it needs them; each call
        from this page brings the list below.
      </p>
      {rows.length === 0 ? <p className="text-sm">No roots: the server gets an empty list.</p> : null}
      <ul className="grid gap-3">
        {rows.map((row, i) => (
          <li key={row.key} className="grid items-start gap-2 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto]">
            <div className="grid gap-1">
              <Label htmlFor={`${id}-uri-${row.key}`}>Root {i + 1} URI</Label>
              <Input
                id={`${id}-uri-${row.key}`}
                value={row.uri}
                placeholder="file:///home/me/project"
                onChange={(e) => update(row.key, { uri: e.target.value })}
                aria-invalid={errors[row.key] ? true : undefined}
                aria-describedby={errors[row.key] ? `${id}-error-${row.key}` : undefined}
              />
              {errors[row.key] ? (
                <p id={`${id}-error-${row.key}`} className="text-xs text-destructive">
                  {errors[row.key]}
                </p>
              ) : null}
            </div>
            <div className="grid gap-1">
              <Label htmlFor={`${id}-name-${row.key}`}>Root {i + 1} name (optional)</Label>
              <Input id={`${id}-name-${row.key}`} value={row.name} onChange={(e) => update(row.key, { name: e.target.value })} />
            </div>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="sm:mt-6"
              aria-label={`Remove root ${i + 1}`}
              onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" variant="outline" disabled={rows.length >= MAX_ROOTS} onClick={() => setRows((all) => [...all, rowOf()])}>
          <Plus aria-hidden="true" />
          Add a root
        </Button>
        <Button type="submit">Save roots</Button>
        <p role="status" className="text-sm text-muted-foreground">
          {status}
        </p>
      </div>
    </form>
  );
}
