import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConsentForm } from "@/components/oauth/consent-form";
import { UnverifiedBadge, UnverifiedName } from "@/components/oauth/unverified-name";
import { currentUser } from "@/lib/auth/current-user";
import { consentRequest } from "@/lib/oauth-server/authorizations";

export const metadata: Metadata = { title: "Allow an app to use your gateway" };

/**
 * Where an MCP client sends the person's browser to sign in to a gateway
 * (the console's authorization endpoint redirects here): who asks, where
 * the answer goes, which gateway, then Allow or Deny.
 */
export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const user = await currentUser();
  if (!user) redirect("/auth/login");
  const request = await consentRequest(user, (await params).id);

  return (
    <div className="mx-auto max-w-lg py-6">
      {request ? (
        <Card>
          <CardHeader>
            <CardTitle as="h1" className="text-xl">
              Allow {request.clientName} to use your gateway?
            </CardTitle>
            <CardDescription>
              It will list and call the tools, prompts and resources the gateway serves, as you, until you revoke it in Settings → Connected apps.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <dl className="mb-6 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted-foreground">App</dt>
              <dd className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
                <span className="min-w-0 font-medium break-words">{request.clientName}</span>
                <UnverifiedBadge />
              </dd>
              {request.clientId !== request.clientName ? (
                <>
                  <dt className="text-muted-foreground">Client ID</dt>
                  <dd className="min-w-0 break-all font-mono text-xs">{request.clientId}</dd>
                </>
              ) : null}
              <dt className="text-muted-foreground">Returns you to</dt>
              <dd className="min-w-0 break-all font-mono text-xs">{request.redirectHost}</dd>
              {request.gateway ? (
                <>
                  <dt className="text-muted-foreground">Gateway</dt>
                  <dd className="min-w-0 break-words font-medium">{request.gateway.name}</dd>
                </>
              ) : null}
            </dl>
            <UnverifiedName request={request} />
            <ConsentForm requestId={request.id} clientName={request.clientName} problem={request.problem} answerable={request.answerable} choices={request.choices} />
          </CardContent>
        </Card>
      ) : (
        <Card>
          <CardHeader>
            <CardTitle as="h1" className="text-xl">
              This sign-in request is no longer open
            </CardTitle>
            <CardDescription>It expired (requests wait ten minutes) or was already answered. Start again from the app that sent you here.</CardDescription>
          </CardHeader>
          <CardContent>
            <Link href="/gateways" className="text-sm font-medium underline underline-offset-4">
              Go to your gateways
            </Link>
          </CardContent>
        </Card>
      )}
    </div>
  );
}
