import type { Metadata } from "next";
import { GatewayNotFound } from "@/components/gateways/gateway-not-found";

export const metadata: Metadata = { title: "Gateway not found" };

export default function NotFound() {
  return <GatewayNotFound />;
}
