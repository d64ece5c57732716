import { Lock, type LucideIcon } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";

/**
 * One panel beside the findings (baseline, export, history): a titled box.
 * A panel the plan does not include shows a lock and, instead of its content,
 * what the Pro or Enterprise plan would give, with the way to the plans.
 */
export function SidePanel({
  id,
  title,
  icon: Icon,
  lockedOffer,
  children,
}: {
  id: string;
  title: string;
  icon?: LucideIcon;
  /** Set when the plan does not include the panel: what it would give, as the end of "With the Pro or Enterprise plan …". */
  lockedOffer?: string;
  children?: ReactNode;
}) {
  const Mark = lockedOffer ? Lock : Icon;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2 rounded-xl border p-4">
      <h3 id={id} className="flex items-center gap-2 font-semibold">
        {Mark ? <Mark aria-hidden="true" className="size-4 text-muted-foreground" /> : null}
        {title}
      </h3>
      {lockedOffer ? (
        <p className="text-sm text-muted-foreground">
          With the Pro or Enterprise plan {lockedOffer}{" "}
          <Link href="/settings#plan" className="text-primary underline underline-offset-4">
            See plans
          </Link>
        </p>
      ) : (
        children
      )}
    </section>
  );
}
