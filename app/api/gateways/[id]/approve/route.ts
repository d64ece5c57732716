import { z } from "zod";
import { route } from "@/lib/route/handler";
import { approveDefinitions } from "@/lib/gateways/approve";
import { approvalPreview } from "@/lib/gateways/approval-preview";
import { approvalPreviewQuery, approveInput } from "@/lib/gateways/schema";
import { approvalPreview as approvalPreviewDto, approveResult } from "@/lib/gateways/responses";

const params = z.object({ id: z.string() });

export const GET = route(
  {
    auth: "user",
    doc: {
      summary: "What approving would approve: each definition beside the approved one, the changes marked, and the scanner's findings on it",
      response: approvalPreviewDto,
    },
    params,
    query: approvalPreviewQuery,
  },
  ({ user, params, query }) => approvalPreview(user, params.id, query),
);

export const POST = route(
  { auth: "user", doc: { summary: "Approve a quarantined item's current definition (or all of a server's)", response: approveResult }, params, body: approveInput },
  ({ user, params, body, req, ip }) => approveDefinitions(user, params.id, body, { req, ip }),
);
