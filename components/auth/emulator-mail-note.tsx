"use client";

import { FormAlert } from "@/components/app/form-alert";
import { useAuth } from "@/lib/auth/auth-provider";

/**
 * In local mode the Auth Emulator sends no email: it keeps each link it would
 * have mailed in its list of out-of-band codes. This says so, and links to
 * that list, wherever the console says it sent a link. Nothing outside local
 * mode (the config names an emulator only there).
 */
export function EmulatorMailNote() {
  const { config } = useAuth();
  if (!config?.authEmulatorUrl) return null;
  const codes = `${config.authEmulatorUrl}/emulator/v1/projects/${encodeURIComponent(config.firebase.projectId)}/oobCodes`;
  return (
    <FormAlert tone="info">
      Local mode: no email is sent. The link is in the Auth Emulator&rsquo;s{" "}
      <a href={codes} target="_blank" rel="noreferrer" className="font-medium underline underline-offset-4">
        list of sent links
      </a>{" "}
      (also on the Auth tab of the Emulator UI, when it runs): open the <code className="font-mono text-xs">oobLink</code> of the
      newest entry for your address.
    </FormAlert>
  );
}
