// `GET /api/dashboard`'s answer, inferred from its zod schema (./responses.ts); type-only, so no schema reaches the browser from here.
export type { DashboardSummary } from "./responses";
