import { z } from "zod";
import { isoTime } from "../api-contract/fields";
import { TOKEN_SCOPES } from "./schema";

/** The API tokens' answers: one zod schema each, its type inferred from it (re-exported by ./schema.ts; see lib/servers/responses.ts). */

/** A token as the API lists it: never the token itself. */
const tokenDto = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(TOKEN_SCOPES),
  gatewayId: z.string().nullable().describe("The one gateway a gateway token opens; null: all of the owner's."),
  prefix: z.string().describe("The token's first characters, to recognise it by."),
  createdAt: isoTime,
  expiresAt: isoTime.nullable(),
  lastUsedAt: isoTime.nullable(),
});
export type TokenDto = z.infer<typeof tokenDto>;

/** `GET /api/user/tokens` */
export const tokenList = z.object({ tokens: z.array(tokenDto) });
export type TokenListResponse = z.infer<typeof tokenList>;

/** `POST /api/user/tokens`: the only answer that holds the token. */
export const tokenCreated = z.object({
  token: z.string().describe("The secret (`mcpc_…`): in this answer only, never again."),
  tokenInfo: tokenDto,
});
export type TokenCreated = z.infer<typeof tokenCreated>;

export const tokenRevoked = z.object({ revoked: z.literal(true) });
