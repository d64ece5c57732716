import { OperationDetails } from "./operation-details";
import type { Endpoint, Operation } from "./types";

/**
 * One operation of the reference as the page sends it: what it does and who
 * may call it. What it takes and what it answers, most of the document, is
 * behind a disclosure that loads it when opened (./operation-details).
 */

function authentication(op: Operation): string {
  const schemes = op.security.flatMap((s) => Object.keys(s));
  if (schemes.includes("metricsToken")) return "Bearer METRICS_TOKEN of the deployment.";
  if (!op.security.length) return "None.";
  const user = "the session cookie, or a bearer ID token or personal API token";
  return op.security.some((s) => Object.keys(s).length === 0) ? `Optional: ${user}.` : `Required: ${user}.`;
}

export function OperationView({ endpoint }: { endpoint: Endpoint }) {
  const { method, path, operation: op } = endpoint;
  return (
    <section id={op.operationId} aria-labelledby={`${op.operationId}-title`} className="scroll-mt-24 rounded-lg border bg-card p-4 text-card-foreground sm:p-6">
      <h3 id={`${op.operationId}-title`} className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="rounded bg-muted px-2 py-0.5 font-mono text-xs font-bold tracking-wide">{method}</span>{" "}
        <code className="font-mono text-sm font-semibold wrap-anywhere">{path}</code>
      </h3>
      <p className="mt-3">{op.summary}</p>
      {op.description ? <p className="mt-2 text-sm text-muted-foreground">{op.description}</p> : null}
      <p className="mt-3 text-sm">
        <span className="font-medium">Authentication: </span>
        <span className="text-muted-foreground">{authentication(op)}</span>
      </p>
      <OperationDetails at={{ path, method: method.toLowerCase() }} />
    </section>
  );
}
