"use client";

import { useQueryClient } from "@tanstack/react-query";
import type { ComponentProps } from "react";
import { QueryProvider } from "./query-provider";
import { SignInProviders } from "./sign-in-providers";

type Props = Omit<ComponentProps<typeof SignInProviders>, "onSignOut">;

/** Everything a page of the console needs on the client: the sign-in providers and the query cache. */
export function ConsoleProviders(props: Props) {
  return (
    <QueryProvider>
      <WithQueryCache {...props} />
    </QueryProvider>
  );
}

/** Signing out empties the query cache, so that nothing of the last user stays on screen. */
function WithQueryCache(props: Props) {
  const queryClient = useQueryClient();
  return <SignInProviders {...props} onSignOut={() => queryClient.clear()} />;
}
