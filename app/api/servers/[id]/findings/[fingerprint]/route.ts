import { route } from "@/lib/route/handler";
import { decideFinding } from "@/lib/scanner/decisions";
import { findingDecisionResult } from "@/lib/scanner/responses";
import { findingDecisionBody, findingParams } from "@/lib/scanner/schema";

export const PATCH = route(
  {
    auth: "user",
    doc: {
      summary: "Accept a finding, mark it as a false positive, or reopen it",
      description:
        "The finding is named by its stable id (`fingerprint`), as found in one of the server's kept scans. The decision holds for every later scan that finds the same thing; accepted findings and false positives are listed apart and left out of the counts. Accepting needs a reason. Accepting and marking need the full scanner (`plan_required` otherwise); reopening does not. Reopening an open finding is a `conflict`.",
      response: findingDecisionResult,
    },
    params: findingParams,
    body: findingDecisionBody,
  },
  ({ user, params, body, req, ip }) => decideFinding(user, params.id, params.fingerprint, body, { req, ip }),
);
