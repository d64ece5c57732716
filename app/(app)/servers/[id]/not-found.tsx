import type { Metadata } from "next";
import { ServerNotFound } from "@/components/servers/server-not-found";

export const metadata: Metadata = { title: "Server not found" };

export default function NotFound() {
  return <ServerNotFound />;
}
