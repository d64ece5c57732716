import { z } from "zod";
import { conflict } from "@/lib/http/errors";
import { route } from "@/lib/route/handler";
import { NextRequest } from "next/server";
import { call, ORIGIN } from "../support/http";
import { describeEachDatabase } from "../support/databases";

const echo = route(
  {
    auth: "none",
    doc: { summary: "test" },
    params: z.object({ id: z.uuid() }),
    query: z.object({ limit: z.coerce.number().int().min(1).max(10).default(5) }),
    body: z.object({ name: z.string().min(1, "name is required") }),
    maxBodyBytes: 100,
  },
  async ({ params, query, body }) => ({ id: params.id, limit: query.limit, name: body.name }),
);
const ID = "6f1c5b8e-1f7a-4d7e-9f0a-2b3c4d5e6f70";

describe("route wrapper", () => {
  it("parses params, query and body", async () => {
    const res = await call(echo, `/x?limit=3`, { body: { name: "demo" }, params: { id: ID } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ id: ID, limit: 3, name: "demo" });
  });

  it("answers 400 validation_failed with the field issues", async () => {
    const res = await call(echo, `/x`, { body: { name: "" }, params: { id: ID } });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe("validation_failed");
    expect(res.json.details).toEqual([{ path: "name", message: "name is required" }]);
  });

  it("rejects a malformed path parameter and query string", async () => {
    expect((await call(echo, `/x`, { body: { name: "a" }, params: { id: "nope" } })).json.details[0].path).toBe("id");
    expect((await call(echo, `/x?limit=99`, { body: { name: "a" }, params: { id: ID } })).json.details[0].path).toBe("limit");
  });

  it("answers 400 for a body that is not JSON", async () => {
    const res = await call(echo, `/x`, { rawBody: "{not json", params: { id: ID }, headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe("The request body is not valid JSON.");
  });

  it("refuses the NUL character, which the database cannot store, wherever it comes", async () => {
    const nul = "The request is refused: text may not contain the NUL character (U+0000).";
    for (const res of [
      await call(echo, `/x`, { body: { name: "a\u0000b" }, params: { id: ID } }),
      await call(echo, `/x`, { body: { name: "a", ["k\u0000"]: 1 }, params: { id: ID } }),
      await call(echo, `/x?limit=1%00`, { body: { name: "a" }, params: { id: ID } }),
      await call(echo, `/x`, { body: { name: "a" }, params: { id: `${ID}\u0000` } }),
    ]) {
      expect([res.status, res.json.message]).toEqual([400, nul]);
    }
  });

  it("answers 400, not a database outage, when the client leaves in the middle of the body", async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"name":'));
        // What Node's server reports when the connection drops mid-request.
        controller.error(Object.assign(new Error("aborted"), { code: "ECONNRESET" }));
      },
    });
    const req = new NextRequest(`${ORIGIN}/x`, { method: "POST", headers: { "content-type": "application/json" }, body, duplex: "half" } as ConstructorParameters<typeof NextRequest>[1]);
    const res = await echo(req, { params: Promise.resolve({ id: ID }) });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "validation_failed", message: "The request body ended before it was complete." });
  });

  it("answers 413 for a body over the limit", async () => {
    const res = await call(echo, `/x`, { body: { name: "x".repeat(200) }, params: { id: ID } });
    expect(res.status).toBe(413);
    expect(res.json).toEqual({ error: "payload_too_large", message: "The request body is larger than 100 bytes." });
  });

  it("maps thrown HttpErrors and hides unexpected ones behind a reference", async () => {
    const failing = route({ auth: "none", doc: { summary: "test" } }, () => {
      throw conflict("A server with this name already exists.");
    });
    expect((await call(failing, "/x")).json).toEqual({ error: "conflict", message: "A server with this name already exists." });

    const broken = route({ auth: "none", doc: { summary: "test" } }, () => {
      throw new Error("secret internals");
    });
    const res = await call(broken, "/x", { headers: { "x-request-id": "req-123" } });
    expect(res.status).toBe(500);
    expect(res.json).toEqual({ error: "internal_error", message: "Something went wrong on our side. Reference: req-123." });
    expect(res.text).not.toContain("secret internals");
    expect(res.headers.get("x-request-id")).toBe("req-123");
  });
});

describeEachDatabase("route wrapper authentication", () => {
  it("answers 401 unauthenticated without a session", async () => {
    const guarded = route({ auth: "user", doc: { summary: "test" } }, () => ({ ok: true }));
    const res = await call(guarded, "/x");
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ error: "unauthenticated", message: "Sign in to continue." });
  });
});
