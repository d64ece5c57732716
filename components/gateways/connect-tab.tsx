"use client";

import { Download, KeyRound } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { BusyButton } from "@/components/app/busy-button";
import { CardSection } from "@/components/app/card-section";
import { CopyButton } from "@/components/app/copy-button";
import { FormAlert } from "@/components/app/form-alert";
import { Button } from "@/components/ui/button";
import { ExpiryField, expiresInDays } from "@/components/tokens/expiry-field";
import { FreshToken } from "@/components/tokens/fresh-token";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { failureMessage } from "@/lib/api-client/api-error";
import { signInSnippets, tokenSnippets, type ClientSnippet } from "@/lib/gateways/client-config";
import type { GatewayDto } from "@/lib/gateways/schema";
import { useCreateToken, useTokens } from "@/lib/tokens/hooks";
import { EndpointUrl } from "./endpoint-url";

/**
 * Everything a client needs, the safe way first: each client's configuration
 * that signs in with OAuth on first use (no secret in it, one-click install
 * where the client has it), then a token limited to this gateway for the
 * clients that cannot sign in, kept out of files where the client allows.
 */
export function ConnectTab({ gateway }: { gateway: GatewayDto }) {
  // Shown once, here, and written into the commands that carry it; gone when the page is left.
  const [token, setToken] = useState<string | null>(null);
  return (
    <div className="flex max-w-4xl flex-col gap-4">
      <CardSection
        title="Endpoint"
        description="Streamable HTTP. A client signs in to it with OAuth, or sends a gateway token: Authorization: Bearer mcpc_…"
        contentClassName="flex flex-col gap-2"
      >
        <EndpointUrl url={gateway.url} />
      </CardSection>
      <CardSection
        title="Sign in from your client"
        description={
          <>
            Recommended. The configuration holds no secret, so it is safe in a project&apos;s files: the client signs in on first use, you allow it on the
            console&apos;s consent page, and it gets short-lived tokens that{" "}
            <Link href="/settings#connected-apps" className="font-medium text-primary underline underline-offset-4">
              Settings → Connected apps
            </Link>{" "}
            revokes.
          </>
        }
      >
        <Snippets kind="sign-in" snippets={signInSnippets(gateway)} />
      </CardSection>
      <CardSection
        title="Or use a gateway token"
        description="For clients and scripts that cannot sign in. A token with the Gateways scope opens gateways and nothing else of your account; keep it out of files you commit."
      >
        {token ? (
          <FreshToken token={token} done="Hide it" onDone={() => setToken(null)}>
            Copy the token now: it will not be shown again. It is in the Claude Code command and the request below until you leave this page.
          </FreshToken>
        ) : (
          <CreateToken gateway={gateway} onCreated={setToken} />
        )}
        <GatewayTokens gatewayId={gateway.id} />
        <Snippets kind="token" snippets={tokenSnippets(gateway, token)} />
      </CardSection>
    </div>
  );
}

function CreateToken({ gateway, onCreated }: { gateway: GatewayDto; onCreated: (token: string) => void }) {
  const create = useCreateToken();
  const [expiry, setExpiry] = useState("90");
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <ExpiryField value={expiry} onChange={setExpiry} className="w-40" />
        <BusyButton
          type="button"
          busy={create.isPending}
          busyLabel="Creating"
          icon={<KeyRound aria-hidden="true" />}
          onClick={() =>
            create.mutate(
              { name: `Gateway ${gateway.name}`.slice(0, 60), scope: "gateway", gatewayId: gateway.id, expiresInDays: expiresInDays(expiry) },
              { onSuccess: (r) => onCreated(r.token) },
            )
          }
        >
          Create a token for this gateway
        </BusyButton>
      </div>
      {create.isError ? <FormAlert>{failureMessage(create.error)}</FormAlert> : null}
    </div>
  );
}

/** The tokens that open this gateway now (limited to it, or opening all), to know what is out there. */
function GatewayTokens({ gatewayId }: { gatewayId: string }) {
  const tokens = useTokens();
  if (!tokens.data) return null;
  const opening = tokens.data.tokens.filter((t) => t.scope === "gateway" && (t.gatewayId === null || t.gatewayId === gatewayId));
  return (
    <p className="text-sm text-muted-foreground">
      {opening.length === 0
        ? "No token opens this gateway yet."
        : `${opening.length === 1 ? "1 token opens" : `${opening.length} tokens open`} this gateway: ${opening
            .map((t) => `${t.name} (${t.prefix}…${t.gatewayId ? "" : ", every gateway"})`)
            .join(", ")}.`}{" "}
      <Link href="/settings#api-tokens" className="font-medium text-primary underline underline-offset-4">
        Manage tokens
      </Link>
    </p>
  );
}

const KINDS = {
  "sign-in": { list: "Client to sign in from", noun: "Sign-in configuration" },
  token: { list: "Client to use a token in", noun: "Token configuration" },
} as const;

/** One tab per client: where the configuration goes, the configuration, its install link if the client has one, and what happens next. */
function Snippets({ kind, snippets }: { kind: keyof typeof KINDS; snippets: ClientSnippet[] }) {
  const { list, noun } = KINDS[kind];
  return (
    <Tabs defaultValue={snippets[0].id}>
      <TabsList aria-label={list}>
        {snippets.map((s) => (
          // Narrower on a phone, so that the four clients fit in one row without scrolling.
          <TabsTrigger key={s.id} value={s.id} className="px-2.5 sm:px-3">
            {s.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {snippets.map((s) => (
        <TabsContent key={s.id} value={s.id} className="mt-3 flex flex-col gap-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-muted-foreground">{s.where}</p>
            <div className="flex flex-wrap items-center gap-2">
              {s.install ? (
                <Button asChild size="sm">
                  <a href={s.install.href}>
                    <Download aria-hidden="true" />
                    {s.install.label}
                  </a>
                </Button>
              ) : null}
              <CopyButton text={() => s.text} label={`Copy ${noun.toLowerCase()}`} />
            </div>
          </div>
          <pre
            data-testid={`${kind}-${s.id}`}
            tabIndex={0}
            role="region"
            aria-label={`${noun} for ${s.label}`}
            className="max-h-80 overflow-auto rounded-md border bg-muted p-3 font-mono text-xs leading-relaxed whitespace-pre-wrap wrap-anywhere focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
          >
            {s.text}
          </pre>
          <p className="text-sm text-muted-foreground">{s.next}</p>
        </TabsContent>
      ))}
    </Tabs>
  );
}
