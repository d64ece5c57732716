import { z } from "zod";
import { route } from "@/lib/route/handler";
import { callRequest, MAX_REQUEST_BYTES } from "@/lib/workbench/schema";
import { callServer } from "@/lib/workbench/service";
import { callResponse, callStreamLine } from "@/lib/workbench/responses";

export const POST = route(
  { auth: "user", doc: { summary: "Call a tool, read a resource or get a prompt (JSON, or NDJSON with Accept: application/x-ndjson)", response: callResponse, alternatives: { "application/x-ndjson": callStreamLine } }, params: z.object({ id: z.string() }), body: callRequest, maxBodyBytes: MAX_REQUEST_BYTES },
  ({ user, params, body, req, ip, log }) => callServer(user, params.id, body, { req, ip, log }),
);
