import type { ReactNode } from "react";
import { OverviewHealth } from "@/components/monitoring/overview-health";
import { CardSection } from "@/components/app/card-section";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { CopyButton } from "@/components/app/copy-button";
import { clientConfig } from "@/lib/servers/client-config";
import { PROTOCOL_AUTO } from "@/lib/mcp/protocol-revisions";
import type { ServerDto } from "@/lib/servers/schema";
import { CapabilityList } from "./capability-list";
import { ProtocolRevision } from "./protocol-revision";
import { formatEvery, formatMs } from "@/components/app/format-time";
import { RefreshInventoryButton } from "./refresh-inventory-button";
import { SignInCard } from "./sign-in-card";
import { RelativeTime } from "@/components/app/relative-time";
import { STATUS_META } from "@/components/monitoring/server-status";
import { StatusBadge } from "@/components/monitoring/status-badge";
import { StatusSource } from "@/components/monitoring/status-source";
import { TRANSPORT_INFO } from "./transports";

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-sm break-words">{children}</dd>
    </div>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg border px-4 py-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums">{value.toLocaleString("en")}</dd>
    </div>
  );
}

export function OverviewTab({ server }: { server: ServerDto }) {
  const info = server.serverInfo;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {server.auth.type === "oauth" ? <SignInCard server={server} /> : null}
      <Card className="gap-4">
        <CardHeader>
          <CardTitle as="h2" className="text-base">Status</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <div className="flex items-center gap-3">
            <StatusBadge status={server.status} />
            <p className="text-sm text-muted-foreground">{STATUS_META[server.status].description}</p>
          </div>
          {server.lastCheck?.reason ? <p className="text-sm break-words">{server.lastCheck.reason}</p> : null}
          <dl className="grid grid-cols-2 gap-4">
            <Item label="Latency">{formatMs(server.latencyMs)}</Item>
            <Item label="Last check">
              <StatusSource server={server} className="text-sm text-foreground" />
            </Item>
            <Item label="Monitoring">
              {server.status === "paused"
                ? "Paused"
                : server.monitoring.enabled
                  ? `Checks ${formatEvery(server.monitoring.intervalSec)}`
                  : "Off"}
            </Item>
            <Item label="Added">
              <RelativeTime iso={server.createdAt} />
            </Item>
          </dl>
        </CardContent>
      </Card>

      <Card className="gap-4">
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
          <CardTitle as="h2" className="text-base">Exposes</CardTitle>
          <RefreshInventoryButton serverId={server.id} serverName={server.name} size="sm" />
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-3 gap-3">
            <Stat label="Tools" value={server.counts.tools} />
            <Stat label="Resources" value={server.counts.resources} />
            <Stat label="Prompts" value={server.counts.prompts} />
          </dl>
        </CardContent>
      </Card>

      <OverviewHealth server={server} />

      <CardSection title="Server" className="gap-4">
        {info ? (
          <dl className="grid gap-4 sm:grid-cols-2">
            <Item label="Name">
              <span className="font-mono">{info.name}</span>
            </Item>
            {info.title ? <Item label="Title">{info.title}</Item> : null}
            <Item label="Version">
              <span className="font-mono">{info.version}</span>
            </Item>
            <Item label="Protocol revision">
              <ProtocolRevision server={server} />
            </Item>
            <Item label="Transport">{TRANSPORT_INFO[server.transport].label}</Item>
            <Item label="Headers">{server.headers.length === 0 ? "None" : server.headers.map((h) => h.name).join(", ")}</Item>
          </dl>
        ) : (
          <div className="flex flex-col gap-2 text-sm">
            <p className="text-muted-foreground">
              The server has not introduced itself yet. Refresh the inventory to connect and read its name, version, protocol revision and capabilities.
            </p>
            {server.protocol !== PROTOCOL_AUTO ? <p>Protocol revision pinned to <span className="font-mono">{server.protocol}</span> in its settings.</p> : null}
          </div>
        )}
      </CardSection>

      <CardSection title="Capabilities" className="gap-4">
        {server.capabilities ? (
          <CapabilityList capabilities={server.capabilities} />
        ) : (
          <p className="text-sm text-muted-foreground">Known after the first connection.</p>
        )}
      </CardSection>

      <ClientConfigCard server={server} />

      <Card className="gap-4 lg:col-span-2">
        <CardHeader>
          <CardTitle as="h2" className="text-base">About</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4 sm:grid-cols-2">
            <Item label="Description">{server.description || <span className="text-muted-foreground">No description.</span>}</Item>
            <Item label="Tags">
              {server.tags.length === 0 ? (
                <span className="text-muted-foreground">No tags.</span>
              ) : (
                <span className="flex flex-wrap gap-1">
                  {server.tags.map((t) => (
                    <span key={t} className="rounded-md bg-secondary px-1.5 py-0.5 text-xs text-secondary-foreground">
                      {t}
                    </span>
                  ))}
                </span>
              )}
            </Item>
          </dl>
        </CardContent>
      </Card>
    </div>
  );
}

function ClientConfigCard({ server }: { server: ServerDto }) {
  const config = clientConfig(server);
  return (
    <Card className="gap-4 lg:col-span-2">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle as="h2" className="text-base">Use it in an MCP client</CardTitle>
        <CopyButton text={() => config} label="Copy configuration" />
      </CardHeader>
      <CardContent className="grid gap-2">
        <p className="text-sm text-muted-foreground">
          An entry for the <code>mcpServers</code> object of clients such as Claude Code or Cursor; in VS Code&apos;s <code>.vscode/mcp.json</code> the same entry goes under <code>servers</code>.
          {server.headers.length > 0 || server.stdio?.env.length
            ? " Secret values are not shown here: each ${NAME} placeholder is filled from your environment by Claude Code; put yours in its place elsewhere."
            : ""}
        </p>
        <pre aria-label="Client configuration" tabIndex={0} className="overflow-x-auto rounded-md bg-muted p-3 font-mono text-xs">
          {config}
        </pre>
      </CardContent>
    </Card>
  );
}
