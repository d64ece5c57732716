"use client";

import { BookOpen } from "lucide-react";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { ResourceDefinition, ResourceTemplateDefinition } from "@/lib/mcp/types";
import { expandTemplate, templateVariables } from "@/lib/workbench/uri-template";
import { useCall } from "@/lib/workbench/use-call";
import { useResourceSubscriptions } from "@/lib/workbench/use-subscriptions";
import { ArgumentFields, useMissingValues, type ArgumentFormProps } from "./argument-fields";
import { CallOutput } from "./call-output";
import { ItemList } from "./item-list";
import { useRerun, type RerunProps } from "./rerun";
import { ResourceUpdates, SubscribeButton } from "./resource-updates";
import { RunButtons } from "./run-buttons";
import { useReveal } from "./use-reveal";

/** What the panel shows: a listed resource, a template to fill, or any URI (a resource link's). */
type Selection = { kind: "resource"; uri: string } | { kind: "template"; uriTemplate: string } | { kind: "uri"; uri: string };

interface ResourcesTabProps extends RerunProps {
  serverId: string;
  /** A tool, resource or prompt a link asked for, selected at first. */
  linkedItem?: string | null;
  resources: ResourceDefinition[];
  templates: ResourceTemplateDefinition[];
  /** The server suggests template variable values (capability `completions`). */
  completions: boolean;
  /** The server reports updates of subscribed resources (capability `resources.subscribe`). */
  subscriptions: boolean;
  onOpenResource: (uri: string) => void;
}

export function ResourcesTab({ serverId, linkedItem = null, resources, templates, completions, subscriptions, rerun, onRerunStarted, onOpenResource }: ResourcesTabProps) {
  const [selection, setSelection] = useState<Selection | null>(() => {
    if (resources.some((r) => r.uri === linkedItem)) return { kind: "resource", uri: linkedItem! };
    if (templates.some((t) => t.uriTemplate === linkedItem)) return { kind: "template", uriTemplate: linkedItem! };
    return resources[0] ? { kind: "resource", uri: resources[0].uri } : templates[0] ? { kind: "template", uriTemplate: templates[0].uriTemplate } : null;
  });
  const [values, setValues] = useState<Record<string, Record<string, string>>>({});
  const [readUri, setReadUri] = useState<string | null>(null);
  const call = useCall(serverId);
  const running = call.state.status === "running";
  const live = useResourceSubscriptions(serverId, subscriptions);
  const subscribeTo = (uri: string) =>
    subscriptions ? (
      <SubscribeButton subscribed={live.subscriptions.includes(uri)} pending={live.pending === uri} onToggle={() => void live.toggle(uri)} />
    ) : null;

  function read(uri: string) {
    setReadUri(uri);
    void call.run({ method: "resources/read", params: { uri } });
  }

  const selectionOf = (uri: string): Selection => (resources.some((r) => r.uri === uri) ? { kind: "resource", uri } : { kind: "uri", uri });

  // A resource link opened from a result, or a read picked from the history: shown at once, then read.
  useRerun({ rerun, onRerunStarted }, serverId, "resources/read", {
    show: ({ params: { uri } }) => {
      setSelection(selectionOf(uri));
      setReadUri(uri);
    },
    start: (request) => void call.run(request),
  });

  const selectedKey = selection ? (selection.kind === "template" ? `t:${selection.uriTemplate}` : `r:${selection.uri}`) : null;
  const [panelRef, revealPanel] = useReveal<HTMLDivElement>();
  const select = (key: string) => {
    setSelection(key.startsWith("t:") ? { kind: "template", uriTemplate: key.slice(2) } : { kind: "resource", uri: key.slice(2) });
    revealPanel();
  };

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
      <div className="grid content-start gap-4">
        <section aria-labelledby="wb-resources-heading" className="grid gap-2">
          <h2 id="wb-resources-heading" className="text-sm font-semibold">
            Resources ({resources.length})
          </h2>
          <ItemList
            noun="resources"
            selected={selectedKey}
            onSelect={select}
            items={resources.map((r) => ({ key: `r:${r.uri}`, title: r.title ?? r.name, subtitle: r.uri, description: r.description }))}
          />
        </section>
        <section aria-labelledby="wb-templates-heading" className="grid gap-2">
          <h2 id="wb-templates-heading" className="text-sm font-semibold">
            Resource templates ({templates.length})
          </h2>
          <ItemList
            noun="resource templates"
            selected={selectedKey}
            onSelect={select}
            items={templates.map((t) => ({ key: `t:${t.uriTemplate}`, title: t.title ?? t.name, subtitle: t.uriTemplate, description: t.description }))}
          />
        </section>
      </div>

      <div className="grid min-w-0 content-start gap-4">
        <AnyUriForm
          onRead={(uri) => {
            setSelection(selectionOf(uri));
            read(uri);
          }}
          disabled={running}
        />
        <div ref={panelRef} className="grid min-w-0 scroll-mt-4 gap-4 empty:hidden">
          {selection?.kind === "resource" ? (
            <ResourcePanel
              resource={resources.find((r) => r.uri === selection.uri)}
              uri={selection.uri}
              onRead={read}
              running={running}
              onCancel={call.cancel}
              extra={subscribeTo(selection.uri)}
            />
          ) : null}
          {selection?.kind === "uri" ? (
            <ResourcePanel uri={selection.uri} onRead={read} running={running} onCancel={call.cancel} extra={subscribeTo(selection.uri)} />
          ) : null}
          {selection?.kind === "template" ? (
            <TemplatePanel
              key={selection.uriTemplate}
              template={templates.find((t) => t.uriTemplate === selection.uriTemplate)!}
              suggest={completions ? serverId : null}
              values={values[selection.uriTemplate] ?? {}}
              onValues={(v) => setValues((all) => ({ ...all, [selection.uriTemplate]: v }))}
              onRead={read}
              running={running}
              onCancel={call.cancel}
            />
          ) : null}
        </div>
        <ResourceUpdates
          subscriptions={live.subscriptions}
          updates={live.updates}
          error={live.error}
          onRead={(uri) => {
            setSelection(selectionOf(uri));
            read(uri);
          }}
        />
        {readUri ? <CallOutput state={call.state} title={readUri} onOpenResource={onOpenResource} /> : null}
      </div>
    </div>
  );
}

function ReadButtons({ running, onCancel, extra }: { running: boolean; onCancel: () => void; extra?: ReactNode }) {
  return <RunButtons icon={<BookOpen aria-hidden="true" />} label="Read resource" running={running} onCancel={onCancel} extra={extra} />;
}

function ResourcePanel({
  resource,
  uri,
  onRead,
  running,
  onCancel,
  extra,
}: {
  resource?: ResourceDefinition;
  uri: string;
  onRead: (uri: string) => void;
  running: boolean;
  onCancel: () => void;
  /** More actions next to Read (subscribing). */
  extra?: ReactNode;
}) {
  function submit(e: FormEvent) {
    e.preventDefault();
    onRead(uri);
  }
  return (
    <form onSubmit={submit} aria-label={`Read ${resource?.name ?? uri}`} className="grid gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-lg font-semibold">{resource ? (resource.title ?? resource.name) : "Resource"}</h2>
        {resource?.mimeType ? <Badge variant="secondary">{resource.mimeType}</Badge> : null}
      </div>
      <code className="text-xs wrap-anywhere text-muted-foreground">{uri}</code>
      {resource?.description ? <p className="text-sm whitespace-pre-wrap text-muted-foreground">{resource.description}</p> : null}
      <ReadButtons running={running} onCancel={onCancel} extra={extra} />
    </form>
  );
}

function TemplatePanel(props: ArgumentFormProps & { template: ResourceTemplateDefinition; onRead: (uri: string) => void }) {
  const { template, values, onRead, running, onCancel } = props;
  const id = useId();
  const variables = templateVariables(template.uriTemplate);
  const uri = expandTemplate(template.uriTemplate, values);
  const required = useMissingValues(id, variables.filter((v) => !values[v]?.trim()));

  function submit(e: FormEvent) {
    e.preventDefault();
    if (required.check()) onRead(uri);
  }

  return (
    <form onSubmit={submit} noValidate aria-label={`Fill ${template.name}`} className="grid gap-3">
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold">{template.title ?? template.name}</h2>
        <code className="text-xs wrap-anywhere text-muted-foreground">{template.uriTemplate}</code>
        {template.description ? <p className="text-sm whitespace-pre-wrap text-muted-foreground">{template.description}</p> : null}
      </div>
      <ArgumentFields
        form={props}
        idPrefix={id}
        fields={variables.map((name) => ({ name }))}
        invalid={required.invalid}
        completing={{ type: "ref/resource", uri: template.uriTemplate }}
      />
      <p className="text-xs text-muted-foreground">
        URI: <code className="wrap-anywhere">{uri}</code>
      </p>
      <ReadButtons running={running} onCancel={onCancel} />
    </form>
  );
}

function AnyUriForm({ onRead, disabled }: { onRead: (uri: string) => void; disabled: boolean }) {
  const id = useId();
  const [uri, setUri] = useState("");
  function submit(e: FormEvent) {
    e.preventDefault();
    if (uri.trim()) onRead(uri.trim());
  }
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2 rounded-lg border border-dashed p-3">
      <div className="grid min-w-64 flex-1 gap-1">
        <Label htmlFor={id} className="text-xs">
          Read any URI
        </Label>
        <Input id={id} value={uri} onChange={(e) => setUri(e.target.value)} placeholder="demo://resource/…" className="h-8" />
      </div>
      <Button type="submit" size="sm" variant="outline" disabled={disabled || !uri.trim()}>
        Read
      </Button>
    </form>
  );
}

