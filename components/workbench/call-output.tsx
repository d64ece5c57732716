"use client";

import { CircleAlert, CircleCheck, CircleSlash } from "lucide-react";
import { LogPanel } from "./log-panel";
import { ProgressView } from "./progress-view";
import { CacheHintBadge, cacheHintOf, RevisionBadge } from "./results/answer-facts";
import { DurationBadge } from "./results/duration-badge";
import { PromptMessagesView } from "./results/prompt-messages-view";
import { RawExchangeView } from "./results/raw-exchange-view";
import { ResourceContentsView } from "./results/resource-contents-view";
import { ToolResultView } from "./results/tool-result-view";
import type { PromptResult, ResourceResult, ToolResult } from "./results/content";
import { Spinner } from "@/components/ui/spinner";
import { ServerRequestPanel } from "./server-request-panel";
import type { JsonSchema } from "@/lib/workbench/schema-form/types";
import { validateArguments } from "@/lib/workbench/schema-form/validate";
import type { CallState } from "@/lib/workbench/use-call";

interface CallOutputProps {
  state: CallState;
  /** What the call was, for headings: "echo", "demo://…", "Ping". */
  title: string;
  onOpenResource?: (uri: string) => void;
  /** The tool's output schema: structured content is checked against it. */
  outputSchema?: Record<string, unknown>;
}

function OutputSchemaCheck({ schema, value }: { schema: Record<string, unknown>; value: unknown }) {
  const issues = validateArguments(schema as JsonSchema, value);
  if (issues.length === 0) {
    return (
      <p className="flex items-center gap-1.5 text-xs text-success">
        <CircleCheck aria-hidden="true" className="size-4" />
        Structured content matches the tool&apos;s output schema.
      </p>
    );
  }
  return (
    <div role="alert" className="text-xs text-destructive">
      <p className="font-medium">Structured content does not match the tool&apos;s output schema:</p>
      <ul className="list-disc pl-5">
        {issues.map((issue, i) => (
          <li key={i}>
            {issue.path || "(root)"}: {issue.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Result({ state, onOpenResource, outputSchema }: Omit<CallOutputProps, "title">) {
  const result = state.result;
  switch (state.request?.method) {
    case "tools/call": {
      const tool = result as ToolResult;
      return (
        <div className="grid gap-2">
          <ToolResultView result={tool} onOpenResource={onOpenResource} />
          {outputSchema && tool.structuredContent !== undefined ? <OutputSchemaCheck schema={outputSchema} value={tool.structuredContent} /> : null}
        </div>
      );
    }
    case "resources/read":
      return <ResourceContentsView result={result as ResourceResult} onOpenResource={onOpenResource} />;
    case "prompts/get":
      return <PromptMessagesView result={result as PromptResult} onOpenResource={onOpenResource} />;
    default:
      return <p className="text-sm">The server answered the ping.</p>;
  }
}

/** A call's progress while it runs, then its result or error, its duration and the raw JSON-RPC exchange. */
export function CallOutput({ state, title, onOpenResource, outputSchema }: CallOutputProps) {
  if (state.status === "idle") return null;
  const running = state.status === "running";
  const hint = state.status === "done" ? cacheHintOf(state.result) : undefined;
  return (
    <section aria-label={`Call of ${title}`} aria-busy={running} className="grid min-w-0 gap-3 rounded-lg border bg-card p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-sm font-semibold">{running ? `Running ${title}…` : `Result of ${title}`}</h3>
        {running ? <Spinner size="sm" aria-label={`Running ${title}`} /> : null}
        {state.durationMs !== undefined ? <DurationBadge ms={state.durationMs} /> : null}
        {state.protocolVersion ? <RevisionBadge version={state.protocolVersion} /> : null}
        {hint ? <CacheHintBadge hint={hint} /> : null}
      </div>

      {running ? (
        <ProgressView
          progress={state.progress?.progress}
          total={state.progress?.total}
          message={state.progress?.message ?? (state.task ? `Task ${state.task.status}${state.task.statusMessage ? `: ${state.task.statusMessage}` : ""}` : undefined)}
        />
      ) : null}

      {/* Only a running call can still take an answer. */}
      {running ? state.requests.map((request) => <ServerRequestPanel key={request.id} request={request} />) : null}

      {state.status === "done" ? <Result state={state} onOpenResource={onOpenResource} outputSchema={outputSchema} /> : null}

      {state.status === "failed" || state.status === "cancelled" ? (
        <div
          role="alert"
          className={
            state.status === "failed"
              ? "flex items-start gap-2 rounded-md border border-destructive/50 bg-destructive/5 p-3 text-sm"
              : "flex items-start gap-2 rounded-md border p-3 text-sm"
          }
        >
          {state.status === "failed" ? (
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
          ) : (
            <CircleSlash aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          )}
          <div className="min-w-0">
            <p className="font-medium">{state.status === "failed" ? "The call failed" : "Cancelled"}</p>
            <p className="break-words text-muted-foreground">{state.error?.message}</p>
          </div>
        </div>
      ) : null}

      {running || state.logs.length > 0 ? <LogPanel entries={state.logs} label="Server log" /> : null}

      {state.exchange ? <RawExchangeView request={state.exchange.request} response={state.exchange.response} /> : null}
    </section>
  );
}
