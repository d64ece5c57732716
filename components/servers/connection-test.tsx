"use client";

import { PlugZap } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { TestResultPanel } from "./test-result";
import type { ServerFormState } from "./use-server-form";

/** "Test connection": connects from the console with what is typed so far, and shows what answered. */
export function ConnectionTest({ form }: { form: ServerFormState }) {
  const { id, values, saving, test } = form;
  // Stored header values are not known here, so only a connection with every value typed can be tested.
  const untestable = values.headers.some((h) => h.stored && h.value === "");
  return (
    <div className="flex flex-col gap-3 border-t pt-5">
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="button"
          variant="secondary"
          disabled={saving || test.kind === "running" || untestable}
          aria-describedby={untestable ? id("test-hint") : undefined}
          onClick={() => void form.runTest()}
        >
          {test.kind === "running" ? <Spinner size="sm" aria-label="Testing the connection" className="text-current" /> : <PlugZap aria-hidden="true" />}
          Test connection
        </Button>
        <p id={id("test-hint")} className="text-xs text-muted-foreground">
          {untestable
            ? "Type the values of the stored headers to test; “Refresh inventory” uses the stored ones."
            : "Connects, completes the MCP handshake and lists what the server offers. Nothing is saved."}
        </p>
      </div>
      <TestResultPanel state={test} onUseTransport={form.switchTransport} />
    </div>
  );
}
