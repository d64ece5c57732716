import { CircleAlert, CircleCheck, PlugZap } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { ConnectionTestResult } from "@/lib/servers/schema";
import type { Transport } from "@/lib/mcp/types";
import { CapabilityList } from "./capability-list";
import { formatMs } from "@/components/app/format-time";
import { TRANSPORT_INFO } from "./transports";

export type TestState =
  | { kind: "idle" }
  | { kind: "running" }
  | { kind: "ok"; result: ConnectionTestResult }
  | { kind: "failed"; message: string; suggestion: Transport | null };

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-md border bg-background px-3 py-2">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

/** What "Test connection" found, or why it failed; announced politely when it changes. */
export function TestResultPanel({ state, onUseTransport }: { state: TestState; onUseTransport: (t: Transport) => void }) {
  return (
    <div aria-live="polite" aria-atomic="true">
      {state.kind === "ok" ? <Success result={state.result} /> : null}
      {state.kind === "failed" ? (
        <div role="alert" className="flex gap-3 rounded-lg border border-destructive/50 bg-destructive/10 p-4 text-sm">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
          <div className="flex min-w-0 flex-1 flex-col gap-3">
            <div>
              <p className="font-medium text-destructive">The connection test failed</p>
              <p className="mt-1 break-words">{state.message}</p>
            </div>
            {state.suggestion ? (
              <div className="flex flex-wrap items-center gap-3">
                <p className="text-muted-foreground">The server answered over {TRANSPORT_INFO[state.suggestion].label}.</p>
                <Button type="button" size="sm" variant="outline" onClick={() => onUseTransport(state.suggestion!)}>
                  <PlugZap aria-hidden="true" />
                  Use {TRANSPORT_INFO[state.suggestion].short} instead
                </Button>
              </div>
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}

function Success({ result }: { result: ConnectionTestResult }) {
  const { serverInfo, counts } = result;
  return (
    <section aria-label="Connection test result" className="flex flex-col gap-4 rounded-lg border border-success/40 bg-success/5 p-4 text-sm">
      <div className="flex gap-2">
        <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
        <div>
          <p className="font-medium">Connected in {formatMs(result.latencyMs)}</p>
          <p className="text-muted-foreground">The server completed the MCP handshake.</p>
        </div>
      </div>
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
        <div>
          <dt className="text-xs text-muted-foreground">Server name</dt>
          <dd className="font-mono wrap-anywhere">{serverInfo.name}</dd>
        </div>
        {serverInfo.title ? (
          <div>
            <dt className="text-xs text-muted-foreground">Title</dt>
            <dd>{serverInfo.title}</dd>
          </div>
        ) : null}
        <div>
          <dt className="text-xs text-muted-foreground">Version</dt>
          <dd className="font-mono">{serverInfo.version}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Protocol version</dt>
          <dd className="font-mono">{serverInfo.protocolVersion}</dd>
        </div>
      </dl>
      <div className="flex flex-col gap-2">
        <p className="text-xs text-muted-foreground">Capabilities</p>
        <CapabilityList capabilities={result.capabilities} />
      </div>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label="What the server exposes">
        <Count label="Tools" value={counts.tools} />
        <Count label="Resources" value={counts.resources} />
        <Count label="Templates" value={counts.resourceTemplates} />
        <Count label="Prompts" value={counts.prompts} />
      </dl>
    </section>
  );
}
