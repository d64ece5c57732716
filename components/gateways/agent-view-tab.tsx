"use client";

import { EyeOff, SearchX, Server } from "lucide-react";
import { useSearchParams } from "next/navigation";
import { useMemo, useState } from "react";
import { EmptyState } from "@/components/app/empty-state";
import { LoadError } from "@/components/app/load-error";
import { Loading, SkeletonRows } from "@/components/app/loading";
import { Segmented } from "@/components/app/segmented";
import { TARGET_LABEL } from "@/components/scanner/severity-meta";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useGatewayView } from "@/lib/gateways/hooks";
import { NAME_SEPARATOR, type GatewayDto, type GatewayViewDto, type HiddenReason, type ViewItemDto } from "@/lib/gateways/schema";
import { ItemStatus, REASON_LABEL } from "./item-status";
import { QuarantineReview } from "./quarantine-review";

type Show = "all" | "listed" | "hidden";

const tokens = (n: number) => n.toLocaleString("en");

function matches(item: ViewItemDto, show: Show, query: string): boolean {
  if (show === "listed" && item.hidden) return false;
  if (show === "hidden" && !item.hidden) return false;
  if (!query) return true;
  const q = query.toLowerCase();
  return [item.exposedName, item.key, item.serverName, item.description].some((text) => text.toLowerCase().includes(q));
}

/** Hidden items by reason, in a few words: "2 blocked, 1 quarantined". */
function hiddenSummary(items: ViewItemDto[]): string {
  const counts = new Map<HiddenReason["kind"], number>();
  for (const i of items) if (i.hidden) counts.set(i.hidden.kind, (counts.get(i.hidden.kind) ?? 0) + 1);
  if (counts.size === 0) return "Nothing is kept from the agent";
  return [...counts].map(([kind, n]) => `${n} ${REASON_LABEL[kind].toLowerCase()}`).join(", ");
}

/**
 * Every item of the gateway's servers as an agent connected to it sees it:
 * listed, with what its definition costs the agent's context, or hidden,
 * with why and what would serve it.
 */
export function AgentViewTab({ gateway, onOpenServers }: { gateway: GatewayDto; onOpenServers: () => void }) {
  const view = useGatewayView(gateway.id);
  const [show, setShow] = useState<Show>("all");
  // `?q=`: the command palette links to an item as this filter, filled in (also when the page is open).
  const linked = useSearchParams().get("q") ?? "";
  const [query, setQuery] = useState(linked);
  const [seenLink, setSeenLink] = useState(linked);
  if (seenLink !== linked) {
    setSeenLink(linked);
    setQuery(linked);
  }
  const shown = useMemo(() => (view.data ? view.data.items.filter((i) => matches(i, show, query.trim())) : []), [view.data, show, query]);

  if (gateway.servers.length === 0) {
    return (
      <EmptyState icon={Server} title="No servers in this gateway" action={<Button onClick={onOpenServers}>Add servers</Button>}>
        An agent connected to this gateway sees nothing yet. Add the servers whose tools, prompts and resources it should use.
      </EmptyState>
    );
  }
  if (view.isPending) {
    return (
      <Loading label="Loading what the agent sees…" className="flex flex-col gap-4">
        <SkeletonRows className="h-20" layout="grid gap-3 sm:grid-cols-3" />
        <SkeletonRows count={5} className="h-12" layout="flex flex-col gap-2" />
      </Loading>
    );
  }
  if (view.isError) return <LoadError what="what the agent sees" query={view} />;

  const { items, counts } = view.data;
  return (
    <div className="flex flex-col gap-4">
      <Figures view={view.data} />
      <QuarantineReview gatewayId={gateway.id} items={items} />
      {items.length === 0 ? (
        <EmptyState icon={EyeOff} title="Nothing to list yet">
          The gateway&apos;s servers have no discovered tools, prompts or resources. Refresh a server&apos;s inventory on its page.
        </EmptyState>
      ) : (
        <div className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center gap-3">
            <Segmented
              label="Show"
              value={show}
              onChange={setShow}
              options={[
                { value: "all", label: `All ${items.length}` },
                { value: "listed", label: `Listed ${counts.listed}` },
                { value: "hidden", label: `Hidden ${counts.hidden}` },
              ]}
            />
            <Input
              type="search"
              aria-label="Filter by name, server or description"
              placeholder="Filter by name, server or description"
              className="h-8 sm:w-72"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
            />
          </div>
          {shown.length === 0 ? (
            <EmptyState
              icon={SearchX}
              title="No item matches"
              action={
                <Button
                  variant="outline"
                  onClick={() => {
                    setShow("all");
                    setQuery("");
                  }}
                >
                  Show all
                </Button>
              }
            >
              {show === "hidden" && !query ? "The agent sees every item of this gateway." : "Nothing matches this filter."}
            </EmptyState>
          ) : (
            <ItemTable items={shown} gatewayId={gateway.id} onOpenServers={onOpenServers} />
          )}
          <p className="text-xs text-muted-foreground" role="status">
            {shown.length === items.length ? `${items.length} items` : `${shown.length} of ${items.length} items`}
          </p>
        </div>
      )}
    </div>
  );
}

function Figures({ view }: { view: GatewayViewDto }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      <div className="flex min-w-0 flex-col gap-0.5 rounded-lg border px-4 py-3">
        <dt className="text-xs text-muted-foreground">Listed to the agent</dt>
        <dd className="text-2xl font-semibold tabular-nums">{view.counts.listed.toLocaleString("en")}</dd>
        <dd className="text-xs text-muted-foreground">tools, prompts and resources</dd>
      </div>
      <div className="flex min-w-0 flex-col gap-0.5 rounded-lg border px-4 py-3">
        <dt className="text-xs text-muted-foreground">Hidden</dt>
        <dd className="text-2xl font-semibold tabular-nums">{view.counts.hidden.toLocaleString("en")}</dd>
        <dd className="text-xs text-muted-foreground">{hiddenSummary(view.items)}</dd>
      </div>
      <div className="col-span-2 flex min-w-0 flex-col gap-0.5 rounded-lg border px-4 py-3 sm:col-span-1">
        <dt className="text-xs text-muted-foreground">Context the definitions take</dt>
        <dd className="text-2xl font-semibold tabular-nums" data-testid="view-tokens">
          {view.tokenizer ? `≈ ${tokens(view.tokens)} tokens` : "Not counted"}
        </dd>
        <dd className="text-xs text-muted-foreground">
          {view.tokenizer ? `counted with ${view.tokenizer}; other models count a little differently` : "the token counter did not answer this time; open the page again to count"}
        </dd>
      </div>
    </dl>
  );
}

/** The name the agent sees; the server's own name too when the gateway had to change more than put the prefix before it. */
function Name({ item }: { item: ViewItemDto }) {
  const plain = item.exposedName === item.key || item.exposedName.endsWith(`${NAME_SEPARATOR}${item.key}`);
  return (
    <div className="min-w-0">
      <code className="font-mono text-sm font-medium wrap-anywhere">{item.exposedName}</code>
      {plain ? null : <p className="font-mono text-xs wrap-anywhere text-muted-foreground">on the server: {item.key}</p>}
    </div>
  );
}

/** A table on wide screens, cards on narrow ones. */
function ItemTable({ items, gatewayId, onOpenServers }: { items: ViewItemDto[]; gatewayId: string; onOpenServers: () => void }) {
  const rowKey = (i: ViewItemDto) => `${i.serverId} ${i.kind} ${i.key}`;
  return (
    <>
      <div className="hidden rounded-xl border lg:block">
        <Table>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Kind</TableHead>
              <TableHead>Name the agent sees</TableHead>
              <TableHead>Server</TableHead>
              <TableHead>Description</TableHead>
              <TableHead className="text-right">Tokens</TableHead>
              <TableHead>Status</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {items.map((item) => (
              <TableRow key={rowKey(item)} data-item={item.exposedName}>
                <TableCell className="align-top text-muted-foreground">{TARGET_LABEL[item.kind]}</TableCell>
                <TableCell className="max-w-72 min-w-48 align-top whitespace-normal">
                  <Name item={item} />
                </TableCell>
                <TableCell className="max-w-40 align-top whitespace-normal">{item.serverName}</TableCell>
                <TableCell className="max-w-80 align-top whitespace-normal text-muted-foreground">
                  <p className="line-clamp-2" title={item.description}>
                    {item.description || "—"}
                  </p>
                </TableCell>
                <TableCell className="text-right align-top tabular-nums">{item.hidden ? "—" : tokens(item.tokens)}</TableCell>
                <TableCell className="max-w-72 align-top whitespace-normal">
                  <ItemStatus item={item} gatewayId={gatewayId} onOpenServers={onOpenServers} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="flex flex-col gap-3 lg:hidden" aria-label="Items">
        {items.map((item) => (
          <li key={rowKey(item)} data-item={item.exposedName} className="flex flex-col gap-1.5 rounded-xl border bg-card px-4 py-3 shadow-sm">
            <Name item={item} />
            {item.description ? <p className="line-clamp-2 text-sm text-muted-foreground">{item.description}</p> : null}
            <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1.5">
              <p className="text-xs text-muted-foreground">
                {TARGET_LABEL[item.kind]} · {item.serverName}
                {item.hidden ? null : ` · ≈ ${tokens(item.tokens)} tokens`}
              </p>
              {item.hidden ? null : <ItemStatus item={item} gatewayId={gatewayId} onOpenServers={onOpenServers} />}
            </div>
            {item.hidden ? <ItemStatus item={item} gatewayId={gatewayId} onOpenServers={onOpenServers} /> : null}
          </li>
        ))}
      </ul>
    </>
  );
}
