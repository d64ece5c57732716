"use client";

import type { GatewayDto } from "@/lib/gateways/schema";
import { CallCharts } from "./call-charts";
import { CallLog } from "./call-log";

/** What agents do through the gateway: the calls as they happen, and their counts and latency over time. */
export function ActivityTab({ gateway }: { gateway: GatewayDto }) {
  return (
    <div className="flex flex-col gap-4">
      <CallLog gatewayId={gateway.id} />
      <CallCharts gatewayId={gateway.id} />
    </div>
  );
}
