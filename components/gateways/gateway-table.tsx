import { ShieldAlert } from "lucide-react";
import Link from "next/link";
import { StatusBadge } from "@/components/monitoring/status-badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { GatewayDto, HeldItems } from "@/lib/gateways/schema";
import type { ServerStatus } from "@/lib/servers/schema";
import { EndpointUrl } from "./endpoint-url";
import { policySummary } from "./policy";

/** The servers a gateway serves, by name, with the ones that are not up marked. */
function Members({ gateway }: { gateway: GatewayDto }) {
  if (gateway.servers.length === 0) return <span className="text-sm text-muted-foreground">No servers yet</span>;
  return (
    <ul className="flex flex-wrap gap-1" aria-label={`Servers of ${gateway.name}`}>
      {gateway.servers.map((s) => (
        <li key={s.serverId} className="inline-flex items-center gap-1 rounded-md bg-secondary px-1.5 py-0.5 text-xs text-secondary-foreground">
          {s.name}
          {s.status === "down" || s.status === "degraded" ? <StatusBadge status={s.status as ServerStatus} className="px-1 py-0" /> : null}
        </li>
      ))}
    </ul>
  );
}

type ListedGateway = GatewayDto & { held: HeldItems };

/** What the gateway keeps from its agents until the owner acts, linked to where they act on it; nothing when it keeps nothing. */
function Held({ gateway }: { gateway: ListedGateway }) {
  const { blocked, quarantined } = gateway.held;
  if (blocked + quarantined === 0) return null;
  const parts = [blocked ? `${blocked} blocked` : null, quarantined ? `${quarantined} quarantined` : null].filter(Boolean).join(" · ");
  return (
    <Link
      href={`/gateways/${gateway.id}`}
      className="mt-1 inline-flex w-fit items-center gap-1 rounded-md border border-warning px-1.5 py-0.5 text-xs font-medium text-warning hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
    >
      <ShieldAlert aria-hidden="true" className="size-3.5 shrink-0" />
      {parts}
      <span className="sr-only"> in {gateway.name}: review what its agents do not get</span>
    </Link>
  );
}

const serverCount = (g: GatewayDto) => (g.servers.length === 1 ? "1 server" : `${g.servers.length} servers`);

/** A table on wide screens, cards on narrow ones; the same gateways, the same links. */
export function GatewayTable({ gateways }: { gateways: ListedGateway[] }) {
  return (
    <>
      <div className="hidden rounded-xl border md:block">
        <Table>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Gateway</TableHead>
              <TableHead>Endpoint</TableHead>
              <TableHead>Servers</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {gateways.map((g) => (
              <TableRow key={g.id}>
                <TableCell className="max-w-72 align-top whitespace-normal">
                  <Link
                    href={`/gateways/${g.id}`}
                    className="font-medium hover:underline focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
                  >
                    {g.name}
                  </Link>
                  <p className="text-xs text-muted-foreground">{policySummary(g.policy)}</p>
                  <Held gateway={g} />
                </TableCell>
                <TableCell className="max-w-md align-top whitespace-normal">
                  <EndpointUrl url={g.url} />
                </TableCell>
                <TableCell className="max-w-80 align-top whitespace-normal">
                  <p className="mb-1 text-xs text-muted-foreground">{serverCount(g)}</p>
                  <Members gateway={g} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="flex flex-col gap-3 md:hidden" aria-label="Gateways">
        {gateways.map((g) => (
          <li key={g.id} className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm">
            <div className="min-w-0">
              <Link href={`/gateways/${g.id}`} className="font-medium hover:underline focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden">
                {g.name}
              </Link>
              <p className="text-xs text-muted-foreground">{policySummary(g.policy)}</p>
              <Held gateway={g} />
            </div>
            <EndpointUrl url={g.url} />
            <div>
              <p className="mb-1 text-xs text-muted-foreground">{serverCount(g)}</p>
              <Members gateway={g} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
