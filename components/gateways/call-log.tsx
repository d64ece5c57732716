"use client";

import { History } from "lucide-react";
import { useInBrowser } from "@/components/app/clock";
import { formatExactTime, formatMs } from "@/components/app/format-time";
import { LoadError } from "@/components/app/load-error";
import { Loading, SkeletonRows } from "@/components/app/loading";
import { CardSection } from "@/components/app/card-section";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { CALL_LOG_REFETCH_MS, useGatewayCalls } from "@/lib/gateways/hooks";
import { CALL_LOG_LIMIT } from "@/lib/gateways/keys";
import type { GatewayCallDto } from "@/lib/gateways/schema";
import { OutcomeBadge } from "./outcome-badge";
import { ResultCheck } from "./result-check";

/** The time of day of a call, in the reader's zone once in the browser (UTC while the page hydrates). */
function CallTime({ iso }: { iso: string }) {
  const local = useInBrowser();
  const at = new Date(iso);
  const text = local ? at.toLocaleTimeString("en", { hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" }) : `${iso.slice(11, 19)} UTC`;
  return (
    <time dateTime={iso} title={formatExactTime(iso, local ? undefined : "UTC")} className="whitespace-nowrap tabular-nums">
      {text}
    </time>
  );
}

function What({ call }: { call: GatewayCallDto }) {
  return (
    <div className="min-w-0">
      <code className="font-mono text-xs font-medium break-all">{call.item || "—"}</code>
      <p className="text-xs text-muted-foreground">{call.method}</p>
      {call.resultCheck ? (
        <div className="mt-2">
          <ResultCheck check={call.resultCheck} />
        </div>
      ) : null}
    </div>
  );
}

/** A refused call's reason as the policy's words; any other error as the server or gateway said it. */
const REFUSED: Record<string, string> = {
  blocked: "An open scanner finding",
  quarantined: "A definition waiting for approval",
  server_down: "The server is down",
  result: "Refused by the result guard",
};
const errorText = (call: GatewayCallDto) => (call.outcome === "blocked" && call.error ? (REFUSED[call.error] ?? call.error) : call.error);

/** The gateway's latest calls, newest first, asked for again every few seconds while the tab is on screen. */
export function CallLog({ gatewayId }: { gatewayId: string }) {
  const calls = useGatewayCalls(gatewayId);
  return (
    <CardSection
      title="Live log"
      action={
        <span className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <span className="size-2 rounded-full bg-success motion-safe:animate-pulse" aria-hidden="true" />
          Updates every {CALL_LOG_REFETCH_MS / 1000} s
        </span>
      }
      contentClassName="flex flex-col gap-3"
    >
      <p className="text-sm text-muted-foreground">
        The latest {CALL_LOG_LIMIT} calls, newest first. Each one is in your activity log too, with its arguments and without secrets.
      </p>
      {calls.isPending ? (
        <Loading label="Loading the calls…">
          <SkeletonRows className="h-10 w-full" layout="flex flex-col gap-2" />
        </Loading>
      ) : calls.isError ? (
        <LoadError what="the calls" query={calls} />
      ) : calls.data.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-10 text-center text-sm text-muted-foreground">
          <History aria-hidden="true" className="size-6" />
          <p>No calls yet. Connect a client (see Connect) and its calls appear here as they happen.</p>
        </div>
      ) : (
        <>
          <div className="hidden lg:block">
            <Table>
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead>Time</TableHead>
                  <TableHead>Client</TableHead>
                  <TableHead>Item</TableHead>
                  <TableHead>Server</TableHead>
                  <TableHead>Outcome</TableHead>
                  <TableHead className="text-right">Duration</TableHead>
                  <TableHead>Error</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {calls.data.map((c) => (
                  <TableRow key={c.id}>
                    <TableCell className="align-top">
                      <CallTime iso={c.at} />
                    </TableCell>
                    <TableCell className="max-w-40 align-top whitespace-normal break-words">{c.client ?? "—"}</TableCell>
                    <TableCell className="max-w-64 align-top whitespace-normal">
                      <What call={c} />
                    </TableCell>
                    <TableCell className="max-w-40 align-top whitespace-normal break-words">{c.server ?? "—"}</TableCell>
                    <TableCell className="align-top">
                      <OutcomeBadge outcome={c.outcome} />
                    </TableCell>
                    <TableCell className="text-right align-top tabular-nums">{formatMs(c.durationMs)}</TableCell>
                    <TableCell className="max-w-80 align-top text-xs whitespace-normal break-words text-muted-foreground">{errorText(c) ?? ""}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          <ol className="flex flex-col divide-y lg:hidden" aria-label="Calls, newest first">
            {calls.data.map((c) => (
              <li key={c.id} className="flex flex-col gap-1.5 py-3 first:pt-0 last:pb-0">
                <div className="flex items-start justify-between gap-2">
                  <What call={c} />
                  <OutcomeBadge outcome={c.outcome} />
                </div>
                <p className="text-xs text-muted-foreground">
                  <CallTime iso={c.at} /> · {formatMs(c.durationMs)}
                  {c.server ? ` · ${c.server}` : ""}
                  {c.client ? ` · ${c.client}` : ""}
                </p>
                {c.error ? <p className="text-xs break-words text-muted-foreground">{errorText(c)}</p> : null}
              </li>
            ))}
          </ol>
        </>
      )}
    </CardSection>
  );
}
