"use client";

import { useState, type ReactNode, type SyntheticEvent } from "react";
import type { OperationAt } from "./types";

/**
 * An operation's parameters, request body and answers behind a disclosure,
 * loaded from the OpenAPI document when it is first opened
 * (./operation-source). A failure is told in place; closing and opening
 * again tries again.
 */

type State = { status: "idle" | "loading" } | { status: "ready"; body: ReactNode } | { status: "failed"; reason: string };

export function OperationDetails({ at }: { at: OperationAt }) {
  const [state, setState] = useState<State>({ status: "idle" });

  function onToggle(event: SyntheticEvent<HTMLDetailsElement>) {
    if (!event.currentTarget.open || state.status === "loading" || state.status === "ready") return;
    setState({ status: "loading" });
    import("./operation-source")
      .then(({ operationBody }) => operationBody(at))
      .then(
        (body) => setState({ status: "ready", body }),
        (err: unknown) => setState({ status: "failed", reason: err instanceof Error ? err.message : String(err) }),
      );
  }

  return (
    <details className="mt-4" onToggle={onToggle}>
      <summary className="cursor-pointer text-sm font-medium">Request and responses</summary>
      <div className="mt-3" aria-busy={state.status === "loading"}>
        {state.status === "ready" ? (
          state.body
        ) : state.status === "failed" ? (
          <p role="alert" className="text-sm text-destructive">
            This operation could not be loaded: {state.reason}. Close it and open it again to retry.
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">Loading…</p>
        )}
      </div>
    </details>
  );
}
