import type { Metadata } from "next";
import { NotFoundMessage } from "@/components/shell/not-found-message";

export const metadata: Metadata = { title: "Page not found", robots: { index: false } };

/**
 * A status page that is not (or no longer) published: inside the status
 * pages' frame, which renders per request and so gives its theme script the
 * request's nonce; the site-wide not-found page is prerendered without one.
 */
export default function NotFound() {
  return <NotFoundMessage home="/" homeLabel="The home page" />;
}
