"use client";

import { Check, X } from "lucide-react";
import { useId, useState } from "react";
import { BusyButton } from "@/components/app/busy-button";
import { FormAlert } from "@/components/app/form-alert";
import { nativeSelectClass } from "@/components/app/native-select";
import { Label } from "@/components/ui/label";
import { apiSend } from "@/lib/api-client/fetch";
import { failureMessage } from "@/lib/api-client/api-error";

/** Allow or Deny; either answer sends the browser back to the app. */
export function ConsentForm({
  requestId,
  clientName,
  problem,
  answerable,
  choices,
}: {
  requestId: string;
  clientName: string;
  problem: string | null;
  answerable: boolean;
  choices: { id: string; name: string }[];
}) {
  const selectId = useId();
  const [gatewayId, setGatewayId] = useState(choices[0]?.id ?? "");
  const [busy, setBusy] = useState<"allow" | "deny" | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function answer(decision: "allow" | "deny") {
    setBusy(decision);
    setError(null);
    try {
      const { redirectTo } = await apiSend<{ redirectTo: string }>("POST", `/api/oauth/authorizations/${requestId}`, {
        decision,
        ...(decision === "allow" && choices.length > 0 ? { gatewayId } : {}),
      });
      window.location.assign(redirectTo);
    } catch (err) {
      setError(failureMessage(err));
      setBusy(null);
    }
  }

  return (
    <div className="space-y-4">
      {problem ? <FormAlert>{problem}</FormAlert> : null}
      {!problem && choices.length > 0 ? (
        <div className="space-y-2">
          <Label htmlFor={selectId}>Gateway</Label>
          <select id={selectId} className={nativeSelectClass} value={gatewayId} onChange={(e) => setGatewayId(e.target.value)}>
            {choices.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {error ? <FormAlert>{error}</FormAlert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        {answerable ? (
        <BusyButton variant="outline" busy={busy === "deny"} busyLabel="Denying" disabled={busy !== null} icon={<X aria-hidden="true" />} onClick={() => answer("deny")}>
          Deny
        </BusyButton>
        ) : null}
        {problem ? null : (
          <BusyButton busy={busy === "allow"} busyLabel="Allowing" disabled={busy !== null} icon={<Check aria-hidden="true" />} onClick={() => answer("allow")}>
            Allow {clientName}
          </BusyButton>
        )}
      </div>
    </div>
  );
}
