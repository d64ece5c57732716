"use client";

import { Download, Upload } from "lucide-react";
import { useRef, useState, type ChangeEvent } from "react";
import { Button } from "@/components/ui/button";
import { DialogFrame } from "@/components/app/dialog-frame";
import { DialogFooter } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { useImportServers, usePreviewImport } from "@/lib/servers/hooks";
import type { ImportPreviewEntry, ImportResult } from "@/lib/servers/schema";
import { plural } from "@/lib/plural";
import { demoRefusal, DemoSignUp } from "@/components/app/demo-sign-up";
import { mapSaveError } from "@/components/app/save-error";

/**
 * Import of an `mcpServers` file (pasted or uploaded): preview what would be
 * created and skipped, then import in one step. Radix's dialog traps focus
 * and closes on Escape; every control is a labelled native one.
 */
export function ImportServersDialog() {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const preview = usePreviewImport();
  const run = useImportServers();
  const [result, setResult] = useState<ImportResult | null>(null);
  const fileText = useRef<HTMLTextAreaElement>(null);
  // A refused file is told beside it; the focus goes there so that the message is read and the text is at hand to fix.
  const showRefusal = () => requestAnimationFrame(() => fileText.current?.focus());

  function reset(next: boolean) {
    setOpen(next);
    if (!next) {
      setText("");
      setResult(null);
      preview.reset();
      run.reset();
    }
  }

  async function upload(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    if (!file) return;
    setText(await file.text());
    preview.reset();
  }

  const entries = preview.data?.entries ?? [];
  const failure = preview.error ?? run.error;
  // A demo account imports nothing: no fault of the file.
  const refused = failure ? demoRefusal(failure) : null;
  const toCreate = entries.filter((e) => e.action === "create").length;

  return (
    <DialogFrame
      open={open}
      onOpenChange={reset}
      trigger={
        <Button variant="outline">
          <Upload aria-hidden="true" />
          Import
        </Button>
      }
      title="Import servers"
      description={
        <>
          Paste or upload an <code>mcpServers</code> file from Claude Desktop, Claude Code, Cursor or VS Code. Remote servers are connected; <code>npx</code> of
          an npm package at an exact version is installed and run in the console&apos;s sandbox. Other commands are listed with the reason they are skipped.
        </>
      }
      // The file, the preview and the summary scroll between a fixed header and footer: on a phone the buttons stay in reach.
      className="grid-rows-[auto_minmax(0,1fr)_auto] overflow-hidden sm:max-w-2xl"
    >
      <div className="-mx-1 overflow-y-auto px-1">
        {result ? (
          <ImportSummary result={result} />
        ) : (
          <div className="flex flex-col gap-4 pb-1">
            {refused ? <DemoSignUp message={refused} /> : null}
            <Field label="Configuration file" hint="JSON with an mcpServers (or VS Code servers) object." error={failure && !refused ? importErrorText(failure) : undefined}>
              {(control) => (
                <Textarea
                  {...control}
                  ref={fileText}
                  rows={8}
                  className="font-mono text-xs"
                  value={text}
                  onChange={(e) => {
                    setText(e.target.value);
                    preview.reset();
                  }}
                  placeholder={'{ "mcpServers": { "name": { "url": "https://…/mcp" } } }'}
                />
              )}
            </Field>
            <Field label="Or upload a file">{(control) => <Input {...control} type="file" accept=".json,application/json" onChange={(e) => void upload(e)} />}</Field>
            {preview.data ? <PreviewList entries={entries} /> : null}
          </div>
        )}
      </div>
      <DialogFooter>
        {result ? (
          // The Import button it replaces had the focus: keep it in the dialog.
          <Button autoFocus onClick={() => reset(false)}>
            Close
          </Button>
        ) : preview.data ? (
          <Button
            disabled={toCreate === 0 || run.isPending}
            onClick={() =>
              // The summary in the dialog says what happened; a toast on top would take the first Escape.
              run.mutate(text, { onSuccess: setResult, onError: showRefusal })
            }
          >
            {run.isPending ? (entries.some((e) => e.action === "create" && e.transport === "stdio") ? "Installing, importing and connecting…" : "Importing and connecting…") : `Import ${plural(toCreate, "server")}`}
          </Button>
        ) : (
          <Button disabled={!text.trim() || preview.isPending} onClick={() => preview.mutate(text, { onError: showRefusal })}>
            Preview
          </Button>
        )}
      </DialogFooter>
    </DialogFrame>
  );
}

/** A refused file in words: the server's message about the file, without the HTTP status. */
function importErrorText(err: Error): string {
  const { fields, problem } = mapSaveError(err);
  return fields.text ?? problem?.message ?? Object.values(fields)[0] ?? "";
}

function PreviewList({ entries }: { entries: ImportPreviewEntry[] }) {
  if (entries.length === 0) return <p className="text-sm">The file lists no servers.</p>;
  return (
    <section aria-labelledby="import-preview-title" className="flex flex-col gap-2">
      <h3 id="import-preview-title" className="text-sm font-medium">
        Preview
      </h3>
      <ul className="flex flex-col divide-y rounded-md border text-sm">
        {entries.map((e) => (
          <li key={e.name} className="flex flex-col gap-0.5 p-2">
            <span>
              <strong>{e.name}</strong> — {e.action === "create" ? "will be created" : "skipped"}
            </span>
            {e.url ? (
              <span className="break-all text-muted-foreground">
                {e.transport} · {e.url}
                {e.headerNames.length ? ` · headers: ${e.headerNames.join(", ")}` : ""}
                {e.envNames.length ? ` · variables: ${e.envNames.join(", ")}` : ""}
              </span>
            ) : null}
            {e.reason ? <span className="text-muted-foreground">{e.reason}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function ImportSummary({ result }: { result: ImportResult }) {
  return (
    <div role="status" className="flex flex-col gap-2 text-sm">
      <p>
        Created {plural(result.created.length, "server")}
        {result.skipped.length ? `, skipped ${result.skipped.length}` : ""}.
      </p>
      <ul className="flex flex-col gap-1">
        {result.created.map((c) => (
          <li key={c.id}>
            <strong>{c.name}</strong>: {c.connected ? "connected" : c.signInRequired ? "saved; it asks you to sign in on its page" : "saved, not reached yet (status unknown)"}
          </li>
        ))}
        {result.skipped.map((s) => (
          <li key={s.name}>
            <strong>{s.name}</strong>: skipped — {s.reason}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The servers as an `mcpServers` file; a plain link, since the session cookie authenticates the download. */
export function ExportServersLink() {
  return (
    <Button variant="outline" asChild>
      <a href="/api/servers/export" download="mcp-servers.json">
        <Download aria-hidden="true" />
        Export
      </a>
    </Button>
  );
}
