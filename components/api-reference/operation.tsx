import { SchemaView, typeLabel } from "./schema-view";
import type { Endpoint, Operation } from "./types";

/** One operation of the reference: what it does, who may call it, what it takes and what it answers. */

function authentication(op: Operation): string {
  const schemes = op.security.flatMap((s) => Object.keys(s));
  if (schemes.includes("metricsToken")) return "Bearer METRICS_TOKEN of the deployment.";
  if (!op.security.length) return "None.";
  const user = "the session cookie, or a bearer ID token or personal API token";
  return op.security.some((s) => Object.keys(s).length === 0) ? `Optional: ${user}.` : `Required: ${user}.`;
}

function Heading({ children }: { children: React.ReactNode }) {
  return <h4 className="mt-5 text-sm font-semibold">{children}</h4>;
}

export function OperationView({ endpoint }: { endpoint: Endpoint }) {
  const { method, path, operation: op } = endpoint;
  const body = op.requestBody?.content["application/json"]?.schema;
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

      {op.parameters.length ? (
        <>
          <Heading>Parameters</Heading>
          <ul className="mt-2 space-y-2 text-sm">
            {op.parameters.map((p) => (
              <li key={`${p.in}-${p.name}`}>
                <p className="flex flex-wrap items-baseline gap-x-2">
                  <code className="font-mono font-semibold wrap-anywhere">{p.name}</code>
                  <span className="font-mono text-xs wrap-anywhere text-muted-foreground">{typeLabel(p.schema)}</span>
                  <span className="text-xs text-muted-foreground">
                    in {p.in}, {p.required ? "required" : "optional"}
                  </span>
                </p>
                {p.description ? <p className="mt-0.5 text-muted-foreground">{p.description}</p> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}

      {body ? (
        <>
          <Heading>Request body (application/json)</Heading>
          <div className="mt-2">
            <SchemaView schema={body} />
          </div>
        </>
      ) : null}

      <Heading>Responses</Heading>
      <dl className="mt-2 space-y-3 text-sm">
        {Object.entries(op.responses).map(([status, response]) => (
          <div key={status}>
            <dt className="flex flex-wrap items-baseline gap-x-2">
              <span className="font-mono font-semibold">{status === "default" ? "Other" : status}</span>
              <span className="text-muted-foreground">{response.description}</span>
            </dt>
            {Object.entries(response.content ?? {}).map(([type, media]) => (
              <dd key={type} className="mt-1">
                <p className="font-mono text-xs wrap-anywhere text-muted-foreground">{type}</p>
                {media.schema && !status.startsWith("2") ? (
                  <a href="#errors" className="text-sm font-medium text-primary underline underline-offset-4">
                    The error shape
                  </a>
                ) : media.schema ? (
                  <details className="mt-1">
                    <summary className="cursor-pointer text-sm font-medium">Schema</summary>
                    <div className="mt-2">
                      <SchemaView schema={media.schema} />
                    </div>
                  </details>
                ) : null}
              </dd>
            ))}
          </div>
        ))}
      </dl>
    </section>
  );
}
