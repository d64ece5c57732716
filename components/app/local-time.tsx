"use client";

import { useInBrowser } from "./clock";

/**
 * An instant in the reader's own locale and time zone. The server knows
 * neither, and the page arrives rendered with its data: so the server and the
 * hydrating browser write the instant in UTC (the same text, no hydration
 * mismatch), and the browser switches to local time right after.
 */
export function LocalTime({ iso }: { iso: string }) {
  const local = useInBrowser();
  const at = new Date(iso);
  return (
    <time dateTime={iso} title={at.toISOString()}>
      {local ? at.toLocaleString() : `${at.toISOString().slice(0, 16).replace("T", " ")} UTC`}
    </time>
  );
}
