import Link from "next/link";
import { AlertsPausedNote } from "@/components/alerts/alerts-paused-note";
import { SecurityBadge } from "@/components/scanner/security-badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { ServerDto } from "@/lib/servers/schema";
import { formatMs } from "@/components/app/format-time";
import { formatPct } from "@/components/monitoring/format-uptime";
import { HeartbeatBar } from "@/components/monitoring/heartbeat-bar";
import { LatencySparkline } from "@/components/monitoring/latency-sparkline";
import { StatusBadge } from "@/components/monitoring/status-badge";
import { StatusSource } from "@/components/monitoring/status-source";
import { ProtocolRevision } from "./protocol-revision";

function Tags({ tags }: { tags: string[] }) {
  if (tags.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Tags">
      {tags.map((t) => (
        <li key={t} className="rounded-md bg-secondary px-1.5 py-0.5 text-xs text-secondary-foreground">
          {t}
        </li>
      ))}
    </ul>
  );
}

/** A table on wide screens, cards on narrow ones; the same servers, the same links. */
export function ServerTable({ servers }: { servers: ServerDto[] }) {
  return (
    <>
      <div className="hidden rounded-xl border md:block">
        <Table>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Server</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Latest checks</TableHead>
              <TableHead className="text-right">Uptime, 24 h</TableHead>
              <TableHead className="text-right">Latency</TableHead>
              <TableHead className="text-right">Tools</TableHead>
              {/* The revision spoken: left out where the table is narrow (the cards show it on phones). */}
              <TableHead className="hidden lg:table-cell">Protocol</TableHead>
              <TableHead>Tags</TableHead>
              <TableHead>Security</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {servers.map((s) => (
              <TableRow key={s.id}>
                <TableCell className="max-w-80">
                  <Link
                    href={`/servers/${s.id}`}
                    className="font-medium hover:underline focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
                  >
                    {s.name}
                  </Link>
                  <p className="truncate font-mono text-xs text-muted-foreground" title={s.url}>
                    {s.url}
                  </p>
                </TableCell>
                <TableCell>
                  <div className="flex flex-col items-start gap-1">
                    <StatusBadge status={s.status} />
                    <StatusSource server={s} />
                    <AlertsPausedNote serverId={s.id} />
                  </div>
                </TableCell>
                <TableCell>
                  <HeartbeatBar beats={s.pulse?.beats ?? []} serverName={s.name} />
                </TableCell>
                <TableCell className="text-right tabular-nums">{formatPct(s.pulse?.uptime24hPct ?? null)}</TableCell>
                <TableCell>
                  <div className="flex items-center justify-end gap-2">
                    <LatencySparkline beats={s.pulse?.beats ?? []} />
                    <span className="tabular-nums">{formatMs(s.latencyMs)}</span>
                  </div>
                </TableCell>
                <TableCell className="text-right tabular-nums">{s.counts.tools}</TableCell>
                <TableCell className="hidden text-xs lg:table-cell">
                  <ProtocolRevision server={s} compact />
                </TableCell>
                <TableCell>
                  <Tags tags={s.tags} />
                </TableCell>
                <TableCell>
                  <SecurityBadge security={s.security} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="flex flex-col gap-3 md:hidden" aria-label="Servers">
        {servers.map((s) => (
          <li key={s.id} className="relative rounded-xl border bg-card p-4 shadow-sm focus-within:ring-2 focus-within:ring-ring">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                {/* The stretched link makes the whole card one click target with one name. */}
                <Link href={`/servers/${s.id}`} className="font-medium outline-hidden after:absolute after:inset-0">
                  {s.name}
                </Link>
                <p className="truncate font-mono text-xs text-muted-foreground">{s.url}</p>
              </div>
              <div className="flex shrink-0 flex-col items-end gap-1">
                <StatusBadge status={s.status} />
                <StatusSource server={s} />
                <AlertsPausedNote serverId={s.id} />
              </div>
            </div>
            {/* Above the card's stretched link, so each check can be hovered and focused. */}
            <HeartbeatBar beats={s.pulse?.beats ?? []} serverName={s.name} className="relative z-10 mt-3 w-fit" />
            <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
              <div>
                <dt className="text-xs text-muted-foreground">Uptime, 24 h</dt>
                <dd className="tabular-nums">{formatPct(s.pulse?.uptime24hPct ?? null)}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">Latency</dt>
                <dd className="flex items-center gap-2 tabular-nums">
                  {formatMs(s.latencyMs)}
                  <LatencySparkline beats={s.pulse?.beats ?? []} width={56} height={20} />
                </dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">Tools</dt>
                <dd className="tabular-nums">{s.counts.tools}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">Protocol</dt>
                <dd className="text-xs">
                  <ProtocolRevision server={s} compact />
                </dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">Security</dt>
                <dd>
                  <SecurityBadge security={s.security} />
                </dd>
              </div>
            </dl>
            {s.tags.length > 0 ? (
              <div className="mt-3">
                <Tags tags={s.tags} />
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}
