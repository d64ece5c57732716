import Link from "next/link";
import { SecurityBadge } from "@/components/scanner/security-badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { ServerDto } from "@/lib/servers/schema";
import { formatMs } from "@/components/app/format-time";
import { RelativeTime } from "@/components/app/relative-time";
import { StatusBadge } from "@/components/monitoring/status-badge";

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
              <TableHead className="text-right">Latency</TableHead>
              <TableHead className="text-right">Tools</TableHead>
              <TableHead>Tags</TableHead>
              <TableHead>Last check</TableHead>
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
                  <StatusBadge status={s.status} />
                </TableCell>
                <TableCell className="text-right tabular-nums">{formatMs(s.latencyMs)}</TableCell>
                <TableCell className="text-right tabular-nums">{s.counts.tools}</TableCell>
                <TableCell>
                  <Tags tags={s.tags} />
                </TableCell>
                <TableCell className="text-muted-foreground">
                  <RelativeTime iso={s.lastCheckAt} />
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
              <StatusBadge status={s.status} />
            </div>
            <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
              <div>
                <dt className="text-xs text-muted-foreground">Latency</dt>
                <dd className="tabular-nums">{formatMs(s.latencyMs)}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">Tools</dt>
                <dd className="tabular-nums">{s.counts.tools}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">Last check</dt>
                <dd>
                  <RelativeTime iso={s.lastCheckAt} />
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
