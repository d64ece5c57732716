/**
 * GET /in-action — the product tour's shareable address: a server-side
 * redirect to the landing page with the demo dialog open. A relative
 * Location keeps the visitor on whatever host they came to.
 */
export function GET() {
  return new Response(null, { status: 307, headers: { Location: "/?demo=open", "Cache-Control": "no-store" } });
}
