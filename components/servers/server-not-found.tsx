import { ServerCrash } from "lucide-react";
import { NotFoundCard } from "@/components/app/not-found-card";

/** Unknown id, or another user's server: the same answer, so nothing leaks. */
export function ServerNotFound() {
  return (
    <NotFoundCard icon={ServerCrash} title="Server not found" href="/servers" action="Back to your servers">
      This server does not exist, was deleted, or belongs to someone else.
    </NotFoundCard>
  );
}
