import { Badge } from "@/components/ui/badge";
import { STATUS_LABELS, type TicketStatus } from "@/lib/support/schema";

const VARIANTS = { open: "warning", answered: "success", closed: "secondary" } as const;

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  return <Badge variant={VARIANTS[status]}>{STATUS_LABELS[status]}</Badge>;
}
