import { z, type ZodType } from "zod";
import { isoTime } from "../api/fields";
import { TOKEN_SCOPES, type TokenCreated, type TokenListResponse } from "./schema";

/** The API tokens' answers as zod schemas, for the API reference (see lib/servers/responses.ts). */

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

export const tokenList = z.object({ tokens: z.array(tokenDto) }) satisfies ZodType<TokenListResponse>;

export const tokenCreated = z.object({
  token: z.string().describe("The secret (`mcpc_…`): in this answer only, never again."),
  tokenInfo: tokenDto,
}) satisfies ZodType<TokenCreated>;

export const tokenRevoked = z.object({ revoked: z.literal(true) });
