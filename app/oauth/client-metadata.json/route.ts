import { clientMetadataUrl, consoleClientMetadata } from "@/lib/oauth-client/provider";

/**
 * The console's Client ID Metadata Document: over https, its own URL is the
 * client id the console presents to authorization servers that accept such
 * documents, so no registration is needed there.
 */
export const dynamic = "force-dynamic";

export function GET() {
  const url = clientMetadataUrl();
  if (!url) return Response.json({ error: "not_found", message: "Client ID Metadata Documents are served over https only." }, { status: 404 });
  return Response.json({ client_id: url, ...consoleClientMetadata() }, { headers: { "cache-control": "public, max-age=3600" } });
}
