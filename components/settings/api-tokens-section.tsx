"use client";

import { KeyRound, Trash2 } from "lucide-react";
import Link from "next/link";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { demoRefusal, DemoSignUp } from "@/components/app/demo-sign-up";
import { LoadError } from "@/components/app/load-error";
import { Loading, SkeletonRows } from "@/components/app/loading";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { ConfirmDialog } from "@/components/app/confirm-dialog";
import { nativeSelectClass } from "@/components/app/native-select";
import { ExpiryField, expiresInDays } from "@/components/tokens/expiry-field";
import { FreshToken } from "@/components/tokens/fresh-token";
import { useGateways } from "@/lib/gateways/hooks";
import { useCreateToken, useRevokeToken, useTokens } from "@/lib/tokens/hooks";
import { SCOPE_LABELS, TOKEN_SCOPES, tokenCreate, type TokenDto, type TokenScope } from "@/lib/tokens/schema";
import { cn } from "@/lib/utils";
import { SettingsSection } from "./settings-section";

const dateOf = (iso: string | null, none: string) => (iso ? new Date(iso).toLocaleDateString() : none);

/** What each scope opens, under the Access select. */
const SCOPE_HINTS: Record<TokenScope, string> = {
  read: "Reads the API; changes nothing.",
  write: "Reads and changes everything the API offers.",
  gateway: "Opens your gateways' MCP endpoints only: not the rest of the API. Limit it to one gateway, or let it open all of them.",
};

/** Personal API tokens: create one (shown once), see each one's last use, revoke it. */
export function ApiTokensSection() {
  const [fresh, setFresh] = useState<{ name: string; token: string } | null>(null);
  return (
    <SettingsSection
      id="api-tokens"
      title="API tokens"
      description={
        <>
          For scripts, CI and agents: send <code>Authorization: Bearer mcpc_…</code> to the API, or to a gateway with a Gateways token. A read token only reads;
          every use is in your activity log. Every endpoint is in the{" "}
          <Link prefetch={false} href="/docs/api" className="font-medium text-primary underline underline-offset-4">
            API reference
          </Link>
          .
        </>
      }
    >
      {fresh ? (
        <FreshToken token={fresh.token} done="Done" onDone={() => setFresh(null)}>
          Copy the token <strong>{fresh.name}</strong> now: it will not be shown again.
        </FreshToken>
      ) : (
        <CreateTokenForm onCreated={setFresh} />
      )}
      <TokenList />
    </SettingsSection>
  );
}

function CreateTokenForm({ onCreated }: { onCreated(t: { name: string; token: string }): void }) {
  const create = useCreateToken();
  const [name, setName] = useState("");
  const [scope, setScope] = useState<TokenScope>("read");
  const [gatewayId, setGatewayId] = useState("");
  const [expiry, setExpiry] = useState("90");
  const [error, setError] = useState<string | null>(null);
  // A demo account's tokens are Gateways tokens only: why, with the way to sign up.
  const [refused, setRefused] = useState<string | null>(null);
  const gateways = useGateways();
  const scopeHintId = useId();

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = tokenCreate.safeParse({
      name,
      scope,
      gatewayId: scope === "gateway" && gatewayId ? gatewayId : null,
      expiresInDays: expiresInDays(expiry),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0].message);
      return;
    }
    setError(null);
    setRefused(null);
    create.mutate(parsed.data, {
      onSuccess: (r) => {
        setName("");
        onCreated({ name: r.tokenInfo.name, token: r.token });
      },
      onError: (err) => {
        const demo = demoRefusal(err);
        if (demo) setRefused(demo);
        else toast({ title: "Token not created", description: err.message, variant: "destructive" });
      },
    });
  }

  return (
    <form
      onSubmit={submit}
      // A Gateways token has one field more: two to a row, so that each select keeps its words.
      className={cn("grid gap-3 sm:items-end", scope === "gateway" ? "sm:grid-cols-2" : "sm:grid-cols-[2fr_1fr_1fr_auto]")}
      noValidate
    >
      <Field label="Token name" error={error} required>
        {(control) => <Input {...control} value={name} onChange={(e) => setName(e.target.value)} maxLength={60} placeholder="CI deploy" />}
      </Field>
      <Field label="Access">
        {(control) => (
          <select {...control} aria-describedby={scopeHintId} className={nativeSelectClass} value={scope} onChange={(e) => setScope(e.target.value as TokenScope)}>
            {TOKEN_SCOPES.map((s) => (
              <option key={s} value={s}>
                {SCOPE_LABELS[s]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {scope === "gateway" ? (
        <Field label="Gateway">
          {(control) => (
            <select {...control} className={nativeSelectClass} value={gatewayId} onChange={(e) => setGatewayId(e.target.value)}>
              <option value="">All my gateways</option>
              {(gateways.data ?? []).map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : null}
      <ExpiryField value={expiry} onChange={setExpiry} />
      <Button type="submit" disabled={create.isPending} className={scope === "gateway" ? "sm:justify-self-start" : undefined}>
        <KeyRound aria-hidden="true" />
        Create token
      </Button>
      <p id={scopeHintId} className="text-xs text-muted-foreground sm:col-span-full">
        {SCOPE_HINTS[scope]}
      </p>
      {refused ? (
        <div className="sm:col-span-full">
          <DemoSignUp message={refused} />
        </div>
      ) : null}
    </form>
  );
}

function TokenList() {
  const tokens = useTokens();
  const gateways = useGateways();
  if (tokens.isPending) {
    return (
      <Loading label="Loading your tokens…">
        <SkeletonRows className="h-10 w-full" />
      </Loading>
    );
  }
  if (tokens.isError) return <LoadError what="your tokens" query={tokens} />;
  if (tokens.data.tokens.length === 0) return <p className="text-sm text-muted-foreground">No tokens yet.</p>;
  return (
    <ul aria-label="Your API tokens" className="flex flex-col divide-y rounded-md border">
      {tokens.data.tokens.map((t) => (
        <TokenItem key={t.id} token={t} gatewayName={t.gatewayId ? (gateways.data?.find((g) => g.id === t.gatewayId)?.name ?? "one gateway") : null} />
      ))}
    </ul>
  );
}

/** What a token opens, in the words of the list: a Gateways token names its one gateway, or says it opens all. */
function scopeText(token: TokenDto, gatewayName: string | null): ReactNode {
  if (token.scope !== "gateway") return SCOPE_LABELS[token.scope];
  if (!token.gatewayId) return "Gateways: all";
  return (
    <>
      Gateways:{" "}
      <Link href={`/gateways/${encodeURIComponent(token.gatewayId)}`} className="text-primary underline underline-offset-4">
        {gatewayName}
      </Link>{" "}
      only
    </>
  );
}

function TokenItem({ token, gatewayName }: { token: TokenDto; gatewayName: string | null }) {
  const revoke = useRevokeToken();
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-1 p-3 text-sm">
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="font-medium">{token.name}</span>
        <span className="text-muted-foreground">
          <code>{token.prefix}…</code> · {scopeText(token, gatewayName)} · created {dateOf(token.createdAt, "")} · expires {dateOf(token.expiresAt, "never")} · last used{" "}
          {dateOf(token.lastUsedAt, "never")}
        </span>
      </div>
      <ConfirmDialog
        trigger={
          <Button variant="outline" size="sm" disabled={revoke.isPending} aria-label={`Revoke ${token.name}`}>
            <Trash2 aria-hidden="true" />
            Revoke
          </Button>
        }
        title={`Revoke ${token.name}?`}
        description="Requests with this token are refused from now on. This cannot be undone."
        action="Revoke"
        onConfirm={() =>
          revoke.mutate(token.id, {
            onSuccess: () => toast({ title: `Revoked ${token.name}` }),
            onError: (err) => toast({ title: "Not revoked", description: err.message, variant: "destructive" }),
          })
        }
      />
    </li>
  );
}
