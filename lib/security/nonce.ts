import { headers } from "next/headers";

/**
 * The script nonce of this request, read from the Content-Security-Policy
 * that proxy.ts put on the request (where Next.js reads it too), for the
 * inline scripts we render ourselves. Reading headers makes the caller
 * render per request: only layouts of pages that do anyway may call it.
 */
export async function requestNonce(): Promise<string | undefined> {
  const policy = (await headers()).get("content-security-policy") ?? "";
  return /'nonce-([^']+)'/.exec(policy)?.[1];
}
