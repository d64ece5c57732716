import "server-only";
import { ServerOAuthProvider } from "./provider";

/** What signs a server's requests in besides its headers: its OAuth tokens, for a server behind OAuth. */
export const authProviderFor = (server: { id: string; url: string; authType: "headers" | "oauth" }) =>
  server.authType === "oauth" ? new ServerOAuthProvider(server.id, server.url) : undefined;
