import type { Metadata } from "next";
import { NotFoundMessage } from "@/components/shell/not-found-message";

export const metadata: Metadata = { title: "Page not found", robots: { index: false } };

/** A console page that does not exist for this user (administration for a non-admin): inside the console's own frame. */
export default function NotFound() {
  return <NotFoundMessage home="/dashboard" homeLabel="The dashboard" />;
}
