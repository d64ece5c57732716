import { db } from "@/lib/db";
import { users, workbenchServerRequests } from "@/lib/db/schema";
import { ServerRequests } from "@/lib/workbench/server-requests";
import { describeEachDatabase } from "../support/databases";

/**
 * Two registries of the server's requests stand for two instances: on
 * PostgreSQL an answer given to the one not holding the call reaches the
 * call (stored, then NOTIFY); on PGlite, one process, only the holder
 * knows the request. Either way another user's answer finds nothing.
 */

const sampling = { kind: "sampling" as const, params: { messages: [{ role: "user", content: { type: "text", text: "Say hi" } }], maxTokens: 20 } };

async function asked(registry: ServerRequests, uid: string, signal: AbortSignal) {
  let id = "";
  const answer = registry.ask(uid, sampling, signal, (announced) => (id = announced));
  while (!id) await new Promise((r) => setTimeout(r, 10));
  return { id, answer };
}

describeEachDatabase("the server's requests across instances", ({ handle }) => {
  const uid = "instances-owner";

  beforeAll(async () => {
    await (await db()).insert(users).values({ uid, email: "owner@example.com", displayName: "Owner" });
  });

  it("reaches the call from the instance that did not hold it, on PostgreSQL only", async () => {
    const [holder, other] = [new ServerRequests(), new ServerRequests()];
    const { id, answer } = await asked(holder, uid, new AbortController().signal);
    await expect(other.answer("someone-else", id, { action: "accept", text: "Hi" })).rejects.toMatchObject({ status: 404 });
    if (handle().kind === "postgres") {
      await expect(other.answer(uid, id, { action: "accept", text: "" })).rejects.toMatchObject({ status: 400 });
      await other.answer(uid, id, { action: "accept", text: "Hi from the other instance" });
      await expect(answer).resolves.toMatchObject({ role: "assistant", content: { text: "Hi from the other instance" } });
      // Answered once: a second answer finds nothing.
      await expect(other.answer(uid, id, { action: "accept", text: "Again" })).rejects.toMatchObject({ status: 404 });
    } else {
      await expect(other.answer(uid, id, { action: "accept", text: "Hi" })).rejects.toMatchObject({ status: 404 });
      await holder.answer(uid, id, { action: "accept", text: "Hi" });
      await expect(answer).resolves.toMatchObject({ content: { text: "Hi" } });
    }
    expect(await (await db()).select().from(workbenchServerRequests)).toEqual([]);
  });

  it("rejects on the holder when the person rejects on the other, and forgets a request whose call ended", async () => {
    const [holder, other] = [new ServerRequests(), new ServerRequests()];
    const ended = new AbortController();
    const first = await asked(holder, uid, ended.signal);
    ended.abort();
    await expect(first.answer).rejects.toThrow("The call ended before the request was answered.");
    await expect(other.answer(uid, first.id, { action: "decline" })).rejects.toMatchObject({ status: 404 });
    if (handle().kind !== "postgres") return;
    const second = await asked(holder, uid, new AbortController().signal);
    await other.answer(uid, second.id, { action: "decline" });
    await expect(second.answer).rejects.toThrow("The user rejected the sampling request.");
  });
});
