"use client";

import { PlugZap } from "lucide-react";
import { BusyButton } from "@/components/app/busy-button";
import { InstallProgress } from "./install-progress";
import { stdioSpec } from "./stdio-form-model";
import { TestResultPanel } from "./test-result";
import type { ServerFormState } from "./use-server-form";

/** "Test connection": connects from the console with what is typed so far, and shows what answered. */
export function ConnectionTest({ form }: { form: ServerFormState }) {
  const { id, values, saving, test } = form;
  // Stored header values are not known here, so only a connection with every value typed can be tested.
  const untestable = values.transport !== "stdio" && values.headers.some((h) => h.stored && h.value === "");
  const stdio = values.transport === "stdio";
  return (
    <div className="flex flex-col gap-3 border-t pt-5">
      <div className="flex flex-wrap items-center gap-3">
        <BusyButton
          type="button"
          variant="secondary"
          busy={test.kind === "running"}
          busyLabel={stdio ? "Installing and starting the package" : "Testing the connection"}
          icon={<PlugZap aria-hidden="true" />}
          disabled={saving || untestable}
          aria-describedby={untestable ? id("test-hint") : undefined}
          onClick={() => void form.runTest()}
        >
          Test connection
        </BusyButton>
        <p id={id("test-hint")} className="text-xs text-muted-foreground">
          {untestable
            ? "Type the values of the stored headers to test; “Refresh inventory” uses the stored ones."
            : stdio
              ? "Installs the package, starts it in the sandbox, completes the MCP handshake and lists what it offers. Nothing is saved."
              : "Connects, completes the MCP handshake and lists what the server offers. Nothing is saved."}
        </p>
      </div>
      {stdio && test.kind === "running" ? <InstallProgress spec={stdioSpec(values.stdio)} then="starting it in the sandbox" /> : null}
      <TestResultPanel state={test} onUseTransport={form.switchTransport} />
    </div>
  );
}
