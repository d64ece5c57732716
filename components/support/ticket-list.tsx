import Link from "next/link";
import { CATEGORY_LABELS, type TicketSummary } from "@/lib/support/schema";
import { TicketStatusBadge } from "./ticket-status-badge";

/** Tickets as links to their threads; `hrefFor` decides where a thread opens. */
export function TicketList({ tickets, hrefFor, label }: { tickets: TicketSummary[]; hrefFor(id: string): string; label: string }) {
  return (
    <ul className="divide-y rounded-xl border" aria-label={label}>
      {tickets.map((t) => (
        <li key={t.id}>
          <Link href={hrefFor(t.id)} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 hover:bg-accent focus-visible:bg-accent focus-visible:outline-none">
            <span className="min-w-0 flex-1 truncate font-medium">{t.subject}</span>
            <TicketStatusBadge status={t.status} />
            <span className="w-full text-xs text-muted-foreground">
              {CATEGORY_LABELS[t.category]}
              {t.server ? ` · ${t.server.name}` : ""}
              {t.requester ? ` · ${t.requester.displayName} <${t.requester.email}>` : ""} · {t.messageCount}{" "}
              {t.messageCount === 1 ? "message" : "messages"} · updated{" "}
              <time dateTime={t.updatedAt}>{new Date(t.updatedAt).toLocaleString()}</time>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
