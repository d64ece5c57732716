import { ShieldQuestion } from "lucide-react";
import type { ConsentRequest } from "@/lib/oauth-server/authorizations";

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])(:\d+)?$/i;

/** The mark next to an app's name on the consent page: the app chose it, nobody checked it. */
export function UnverifiedBadge() {
  return (
    <span className="inline-flex w-fit shrink-0 items-center gap-1 rounded-md border border-warning px-1.5 py-0.5 align-middle text-xs font-medium whitespace-nowrap text-warning">
      <ShieldQuestion aria-hidden="true" className="size-3" />
      Unverified name
    </span>
  );
}

/**
 * What a person can check of an app asking to use a gateway: its name is
 * its own choice (any app may call itself "Claude Code"), so the page says
 * so, and points to the fact that is not: where the browser goes with the
 * answer.
 */
export function UnverifiedName({ request }: { request: Pick<ConsentRequest, "clientName" | "redirectHost" | "namedBy"> }) {
  const local = LOOPBACK.test(request.redirectHost);
  return (
    <div role="note" aria-label="About this app's name" className="mb-6 flex gap-3 rounded-lg border border-warning/60 bg-warning/5 p-3 text-sm">
      <ShieldQuestion aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
      <div className="flex min-w-0 flex-col gap-1.5">
        <p>
          {request.namedBy.kind === "metadata_document" ? (
            <>
              &ldquo;{request.clientName}&rdquo; is the name the app publishes at <span className="font-mono text-xs break-all">{request.namedBy.host}</span>; the console
              cannot confirm who made it.
            </>
          ) : (
            <>&ldquo;{request.clientName}&rdquo; is the name the app gave itself when it registered; the console cannot confirm it.</>
          )}
        </p>
        <p>
          What you can check: your answer goes to <span className="font-mono text-xs font-medium break-all">{request.redirectHost}</span>
          {local ? ", an app on this computer" : ""}. Allow it only if you started this sign-in in an app you trust that {local ? "runs here" : "lives there"}.
        </p>
      </div>
    </div>
  );
}
