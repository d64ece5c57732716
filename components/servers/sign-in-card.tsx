"use client";

import { KeyRound } from "lucide-react";
import { useState } from "react";
import { BusyButton } from "@/components/app/busy-button";
import { FormAlert } from "@/components/app/form-alert";
import { RelativeTime } from "@/components/app/relative-time";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { useAuthorizeServer } from "@/lib/servers/hooks";
import type { ServerDto } from "@/lib/servers/schema";

const STATUS_TEXT: Record<ServerDto["auth"]["status"], string> = {
  authorized: "Signed in. The console refreshes the access token before it expires.",
  authorization_required: "This server asks its users to sign in. Sign in to connect it.",
  reauthorization_required: "Reauthorization required: the server no longer accepts the console's sign-in.",
};

/** A server behind OAuth: whether the console is signed in to it, and the way to sign in (again). */
export function SignInCard({ server }: { server: ServerDto }) {
  const signIn = useAuthorizeServer(server.id);
  const [clientId, setClientId] = useState("");
  const [clientSecret, setClientSecret] = useState("");
  const { auth } = server;
  const needed = auth.status !== "authorized";
  return (
    <Card className="gap-4 lg:col-span-2" role={needed ? "alert" : undefined}>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle as="h2" className="text-base">
          Sign-in (OAuth)
        </CardTitle>
        <BusyButton
          size="sm"
          variant={needed ? "default" : "outline"}
          busy={signIn.isPending}
          busyLabel="Opening the sign-in page"
          icon={<KeyRound aria-hidden />}
          onClick={() => signIn.mutate(clientId.trim() ? { clientId: clientId.trim(), clientSecret: clientSecret || undefined } : {})}
        >
          {auth.status === "authorization_required" ? "Sign in" : "Reconnect"}
        </BusyButton>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        <p>{STATUS_TEXT[auth.status]}</p>
        {auth.reason && needed ? <p className="text-muted-foreground">{auth.reason}</p> : null}
        {auth.status === "authorized" ? (
          <dl className="grid grid-cols-2 gap-4">
            <div>
              <dt className="text-xs text-muted-foreground">Access token expires</dt>
              <dd>{auth.expiresAt ? <RelativeTime iso={auth.expiresAt} /> : "Not said by the server"}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Last refreshed</dt>
              <dd>{auth.lastRefreshAt ? <RelativeTime iso={auth.lastRefreshAt} /> : "Not yet"}</dd>
            </div>
          </dl>
        ) : null}
        {needed ? (
          <details className="rounded-md border px-3 py-2">
            <summary className="cursor-pointer text-sm font-medium">Use a client ID you registered</summary>
            <p className="mt-2 text-muted-foreground">
              Some authorization servers take only clients registered in advance. Leave these empty and the console registers itself.
            </p>
            <div className="mt-3 grid gap-3 sm:grid-cols-2">
              <Field label="Client ID">{(control) => <Input {...control} value={clientId} onChange={(e) => setClientId(e.target.value)} maxLength={500} autoComplete="off" />}</Field>
              <Field label="Client secret" hint="Only for a confidential client. Stored encrypted, never shown again.">
                {(control) => <Input {...control} type="password" value={clientSecret} onChange={(e) => setClientSecret(e.target.value)} maxLength={500} autoComplete="off" />}
              </Field>
            </div>
          </details>
        ) : null}
        {signIn.error ? <FormAlert>{signIn.error.message}</FormAlert> : null}
      </CardContent>
    </Card>
  );
}
