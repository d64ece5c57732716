import { json, route } from "@/lib/route/handler";
import { tokenCreate, type TokenListResponse } from "@/lib/tokens/schema";
import { createToken, listTokens } from "@/lib/tokens/service";
import { tokenCreated, tokenList } from "@/lib/tokens/responses";

/** Tokens are managed from a signed-in session only: a token cannot list, mint or revoke tokens. */
export const GET = route({ auth: "user", tokens: false, doc: { summary: "List personal API tokens", response: tokenList } }, async ({ user }) => {
  const body: TokenListResponse = { tokens: await listTokens(user.uid) };
  return body;
});

export const POST = route({ auth: "user", tokens: false, doc: { summary: "Create a personal API token (the only answer that holds it)", status: 201, response: tokenCreated }, body: tokenCreate }, async ({ user, body, req, ip }) =>
  json(await createToken(user, body, { req, ip }), 201),
);
