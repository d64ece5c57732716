"use client";

import { useId, useState, type FormEvent } from "react";
import { MessageCircleQuestion } from "lucide-react";
import { PromptMessagesView } from "./results/prompt-messages-view";
import type { PromptResult } from "./results/content";
import { SchemaForm } from "./schema-form/schema-form";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { ApiError } from "@/lib/api-client/api-error";
import { apiSend } from "@/lib/api-client/fetch";
import type { ServerRequestReply } from "@/lib/workbench/schema";
import { defaultsFor } from "@/lib/workbench/schema-form/defaults";
import type { Issue, JsonSchema } from "@/lib/workbench/schema-form/types";
import type { AskedRequest } from "@/lib/workbench/use-call";

/**
 * A request the server made during the call, put to the person: a form to
 * fill or a page to open (elicitation), or a model's answer to write
 * (sampling). The call waits,
 * its timeout paused, until it is answered.
 */

type Sent = { action: ServerRequestReply["action"] } | null;

const ANSWERED: Record<ServerRequestReply["action"], string> = {
  accept: "Answered: the server has your reply.",
  decline: "Declined: the server was told you would rather not answer.",
  cancel: "Dismissed: the server was told you cancelled.",
};

function useReply(id: string) {
  const [sent, setSent] = useState<Sent>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [issues, setIssues] = useState<Issue[]>([]);

  async function reply(body: ServerRequestReply) {
    setSending(true);
    setError(null);
    try {
      await apiSend("POST", `/api/workbench/requests/${encodeURIComponent(id)}`, body);
      setSent({ action: body.action });
    } catch (err) {
      const details = err instanceof ApiError ? (err.data as { details?: unknown } | undefined)?.details : undefined;
      setIssues(Array.isArray(details) ? (details as Issue[]) : []);
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setSending(false);
    }
  }
  return { sent, sending, error, issues, reply };
}

function Shell({ title, children }: { title: string; children: React.ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-md border border-primary/40 bg-primary/5 p-3">
      <h4 id={headingId} className="flex items-center gap-2 text-sm font-semibold">
        <MessageCircleQuestion aria-hidden="true" className="size-4 text-primary" />
        {title}
      </h4>
      {children}
    </section>
  );
}

function Outcome({ sent, error }: { sent: Sent; error: string | null }) {
  if (sent) return <p role="status" className="text-sm text-muted-foreground">{ANSWERED[sent.action]}</p>;
  return error ? <p role="alert" className="text-sm text-destructive">{error}</p> : null;
}

/** The way to accept (`children`), then declining and dismissing, as every input request offers them. */
function Answers({ sending, reply, children }: { sending: boolean; reply: (body: ServerRequestReply) => Promise<void>; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap gap-2">
      {children}
      <Button type="button" variant="outline" disabled={sending} onClick={() => void reply({ action: "decline" })}>
        Decline
      </Button>
      <Button type="button" variant="ghost" disabled={sending} onClick={() => void reply({ action: "cancel" })}>
        Dismiss
      </Button>
    </div>
  );
}

/** Only web pages are offered as links: a server must not get the page to run a `javascript:` URL. */
function webUrl(value: unknown): URL | null {
  try {
    const url = new URL(String(value));
    return url.protocol === "https:" || url.protocol === "http:" ? url : null;
  } catch {
    return null;
  }
}

function UrlElicitationRequest({ request }: { request: AskedRequest }) {
  const { sent, sending, error, reply } = useReply(request.id);
  const url = webUrl(request.params.url);
  const message = typeof request.params.message === "string" ? request.params.message : "";
  return (
    <Shell title="The server asks you to open a page">
      {message ? <p className="text-sm whitespace-pre-wrap">{message}</p> : null}
      {url ? (
        <p className="text-sm wrap-anywhere">
          <a href={url.href} target="_blank" rel="noopener noreferrer" className="font-medium text-primary underline underline-offset-4">
            Open {url.host}
            <span className="sr-only"> (in a new tab)</span>
          </a>
          <span className="block text-xs text-muted-foreground">{url.href}</span>
        </p>
      ) : (
        <p className="text-sm text-destructive">The server gave no web address to open ({String(request.params.url)}).</p>
      )}
      {sent ? null : (
        <Answers sending={sending} reply={reply}>
          <Button type="button" disabled={sending || !url} onClick={() => void reply({ action: "accept" })}>
            I have done it
          </Button>
        </Answers>
      )}
      <Outcome sent={sent} error={error} />
    </Shell>
  );
}

function ElicitationRequest({ request }: { request: AskedRequest }) {
  const schema = (request.params.requestedSchema ?? { type: "object" }) as JsonSchema;
  const [content, setContent] = useState<Record<string, unknown>>(() => defaultsFor(schema));
  const { sent, sending, error, issues, reply } = useReply(request.id);
  const message = typeof request.params.message === "string" ? request.params.message : "";
  return (
    <Shell title="The server asks you for input">
      {message ? <p className="text-sm whitespace-pre-wrap">{message}</p> : null}
      <SchemaForm
        schema={schema}
        value={content}
        onChange={setContent}
        errors={issues}
        disabled={sending || sent !== null}
        onSubmit={(value) => void reply({ action: "accept", content: value as Record<string, string | number | boolean | string[]> })}
        aria-label="Input the server asks for"
      >
        {sent ? null : (
          <Answers sending={sending} reply={reply}>
            <Button type="submit" disabled={sending}>
              Send
            </Button>
          </Answers>
        )}
      </SchemaForm>
      <Outcome sent={sent} error={error} />
    </Shell>
  );
}

function SamplingRequest({ request }: { request: AskedRequest }) {
  const { params } = request;
  const [text, setText] = useState("");
  const [model, setModel] = useState("workbench");
  const { sent, sending, error, reply } = useReply(request.id);
  const ids = { text: useId(), model: useId() };
  const facts = [
    typeof params.maxTokens === "number" ? `at most ${params.maxTokens} tokens` : null,
    typeof params.temperature === "number" ? `temperature ${params.temperature}` : null,
  ].filter(Boolean);

  function submit(e: FormEvent) {
    e.preventDefault();
    void reply({ action: "accept", text, model: model.trim() || "workbench" });
  }

  return (
    <Shell title="The server asks for a model's answer (sampling)">
      <p className="text-sm text-muted-foreground">
        The console has no model of its own: write the answer the server gets in the model&apos;s place
        {facts.length ? ` (it asked for ${facts.join(", ")})` : ""}.
      </p>
      {typeof params.systemPrompt === "string" && params.systemPrompt ? (
        <p className="text-sm">
          <span className="font-medium">System prompt: </span>
          <span className="whitespace-pre-wrap">{params.systemPrompt}</span>
        </p>
      ) : null}
      <PromptMessagesView result={{ messages: params.messages } as PromptResult} />
      <form onSubmit={submit} className="grid gap-3" aria-label="Answer in the model's place">
        <div className="grid gap-1.5">
          <Label htmlFor={ids.text}>Answer</Label>
          <Textarea id={ids.text} value={text} onChange={(e) => setText(e.target.value)} required disabled={sending || sent !== null} rows={4} />
        </div>
        <div className="grid max-w-xs gap-1.5">
          <Label htmlFor={ids.model}>Model name given</Label>
          <Input id={ids.model} value={model} onChange={(e) => setModel(e.target.value)} disabled={sending || sent !== null} maxLength={128} />
        </div>
        {sent ? null : (
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={sending}>
              Send answer
            </Button>
            <Button type="button" variant="outline" disabled={sending} onClick={() => void reply({ action: "decline" })}>
              Reject
            </Button>
          </div>
        )}
      </form>
      <Outcome sent={sent} error={error} />
    </Shell>
  );
}

export function ServerRequestPanel({ request }: { request: AskedRequest }) {
  if (request.kind === "sampling") return <SamplingRequest request={request} />;
  return request.params.mode === "url" ? <UrlElicitationRequest request={request} /> : <ElicitationRequest request={request} />;
}
