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
import type { ImportRequest } from "@/lib/servers/mcp-config";
import { ServerJsonOptions } from "@/components/servers/server-json-options";
import { plural } from "@/lib/plural";
import { demoRefusal, DemoSignUp } from "@/components/app/demo-sign-up";
import { mapSaveError } from "@/components/app/save-error";

/**
 * Import of an `mcpServers` file or an MCP Registry server.json (pasted,
 * uploaded or given by its URL): preview what would be created and skipped,
 * then import in one step. A server.json offers its server in several ways:
 * one is chosen and the values it needs are typed before importing. Radix's
 * dialog traps focus and closes on Escape; every control is a labelled native one.
 */
export function ImportServersDialog() {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [url, setUrl] = useState("");
  const [choice, setChoice] = useState<string>();
  const [values, setValues] = useState<Record<string, string>>({});
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
      setUrl("");
      setChoice(undefined);
      setValues({});
      setResult(null);
      preview.reset();
      run.reset();
    }
  }

  async function upload(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    if (!file) return;
    setText(await file.text());
    edited();
  }

  const entries = preview.data?.entries ?? [];
  const serverJson = preview.data?.format === "server.json";
  const failure = preview.error ?? run.error;
  // A demo account imports nothing: no fault of the file.
  const refused = failure ? demoRefusal(failure) : null;
  const fieldErrors = failure && !refused ? mapSaveError(failure).fields : {};
  // A server.json creates the one option chosen; an mcpServers file every entry that can be.
  const toCreate = serverJson ? (entries.some((e) => e.key === choice && e.action === "create") ? 1 : 0) : entries.filter((e) => e.action === "create").length;
  const source: ImportRequest = url.trim() && !text.trim() ? { url: url.trim() } : { text };

  function previewFile() {
    preview.mutate(source, {
      onSuccess: (p) => {
        setChoice(p.entries.find((e) => e.action === "create")?.key);
        setValues({});
      },
      onError: showRefusal,
    });
  }
  const edited = () => {
    preview.reset();
    run.reset();
  };

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
          Paste, upload or link an <code>mcpServers</code> file from Claude Desktop, Claude Code, Cursor or VS Code, or a <code>server.json</code> of the MCP
          Registry. Remote servers are connected; an npm package is installed at one exact version (the newest, when the file names none) and run in the console&apos;s sandbox. Anything else is listed
          with the reason it is skipped.
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
            <Field label="Configuration file" hint="JSON with an mcpServers (or VS Code servers) object, or a server.json of the MCP Registry." error={failure && !refused && !fieldErrors.url && !serverJson ? importErrorText(failure) : undefined}>
              {(control) => (
                <Textarea
                  {...control}
                  ref={fileText}
                  rows={8}
                  className="font-mono text-xs"
                  value={text}
                  onChange={(e) => {
                    setText(e.target.value);
                    edited();
                  }}
                  placeholder={'{ "mcpServers": { "name": { "url": "https://…/mcp" } } }'}
                />
              )}
            </Field>
            <Field label="Or upload a file">{(control) => <Input {...control} type="file" accept=".json,application/json" onChange={(e) => void upload(e)} />}</Field>
            <Field label="Or its URL" hint="Where a server.json or configuration file is published; read once, through the console's outbound guard." error={fieldErrors.url}>
              {(control) => (
                <Input
                  {...control}
                  type="url"
                  inputMode="url"
                  placeholder="https://example.com/server.json"
                  value={url}
                  disabled={Boolean(text.trim())}
                  onChange={(e) => {
                    setUrl(e.target.value);
                    edited();
                  }}
                />
              )}
            </Field>
            {preview.data && serverJson ? (
              <ServerJsonOptions
                entries={entries}
                choice={choice}
                onChoose={(key) => {
                  setChoice(key);
                  run.reset();
                }}
                values={values}
                onValue={(id, value) => setValues((v) => ({ ...v, [id]: value }))}
                errors={fieldErrors}
              />
            ) : null}
            {preview.data && !serverJson ? <PreviewList entries={entries} /> : null}
            {serverJson && failure && !refused && Object.keys(fieldErrors).every((k) => !k.startsWith("values.")) ? (
              <p role="alert" className="text-sm text-destructive">
                {importErrorText(failure)}
              </p>
            ) : null}
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
              run.mutate(serverJson ? { ...source, choice, values } : source, { onSuccess: setResult, onError: serverJson ? undefined : showRefusal })
            }
          >
            {run.isPending
              ? entries.some((e) => e.action === "create" && e.transport === "stdio" && (!serverJson || e.key === choice))
                ? "Installing, importing and connecting…"
                : "Importing and connecting…"
              : `Import ${plural(toCreate, "server")}`}
          </Button>
        ) : (
          <Button disabled={(!text.trim() && !url.trim()) || preview.isPending} onClick={previewFile}>
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
            {e.note ? <span className="text-muted-foreground">{e.note}</span> : null}
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
