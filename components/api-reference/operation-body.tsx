import { SchemaView, typeLabel } from "./schema-view";
import type { Operation } from "./types";

/** What an operation takes (parameters, request body) and what it answers, each answer's schema behind its own disclosure. */

function Heading({ children }: { children: React.ReactNode }) {
  return <h4 className="mt-5 text-sm font-semibold first:mt-0">{children}</h4>;
}

export function OperationBody({ operation: op }: { operation: Operation }) {
  const body = op.requestBody?.content["application/json"]?.schema;
  return (
    <>
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
    </>
  );
}
