import { Waypoints } from "lucide-react";
import { NotFoundCard } from "@/components/app/not-found-card";

/** Unknown id, or another user's gateway: the same answer, so nothing leaks. */
export function GatewayNotFound() {
  return (
    <NotFoundCard icon={Waypoints} title="Gateway not found" href="/gateways" action="Back to your gateways">
      This gateway does not exist, was deleted, or belongs to someone else.
    </NotFoundCard>
  );
}
