/** @jest-environment node */
import { ConnectionPool } from "@/lib/upstream/pool";
import type { WorkbenchSession } from "@/lib/upstream/session";

/** A stand-in for a live connection: counts how often it was opened and closed. */
function fakeSessions() {
  const opened: { name: string; closed: boolean; usable: boolean }[] = [];
  const open = (name: string) => async () => {
    const session = { name, closed: false, usable: true, close: async () => void (session.closed = true) };
    opened.push(session);
    return session as unknown as WorkbenchSession;
  };
  return { opened, open };
}

const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms));

describe("the connection pool", () => {
  it("reuses one connection for the calls of a user on a server, and shares it while it is still opening", async () => {
    const pool = new ConnectionPool({ idleMs: 60_000, maxConnections: 10 });
    const { opened, open } = fakeSessions();
    const [a, b] = await Promise.all([pool.acquire("u1:s1", "v1", open("first")), pool.acquire("u1:s1", "v1", open("second"))]);
    expect(a.session).toBe(b.session);
    a.release();
    b.release();
    const c = await pool.acquire("u1:s1", "v1", open("third"));
    expect(c.session).toBe(a.session);
    expect(opened.map((s) => s.name)).toEqual(["first"]);
    // Another user on the same server gets a connection of their own.
    const other = await pool.acquire("u2:s1", "v1", open("theirs"));
    expect(other.session).not.toBe(a.session);
    await pool.closeAll();
  });

  it("replaces a connection when the server's definition changed, or when it is no longer usable", async () => {
    const pool = new ConnectionPool({ idleMs: 60_000, maxConnections: 10 });
    const { opened, open } = fakeSessions();
    (await pool.acquire("u:s", "v1", open("v1"))).release();
    (await pool.acquire("u:s", "v2", open("v2"))).release();
    await tick();
    expect(opened.map((s) => [s.name, s.closed])).toEqual([
      ["v1", true],
      ["v2", false],
    ]);
    opened[1].usable = false;
    const lease = await pool.acquire("u:s", "v2", open("again"));
    expect((lease.session as unknown as { name: string }).name).toBe("again");
    await pool.closeAll();
  });

  it("closes a connection after it has been idle, and a discarded one at once", async () => {
    const pool = new ConnectionPool({ idleMs: 30, maxConnections: 10 });
    const { opened, open } = fakeSessions();
    const lease = await pool.acquire("u:s", "v", open("idle"));
    await tick(60);
    expect(opened[0].closed).toBe(false); // in use: never closed under a call
    lease.release();
    await tick(60);
    expect(opened[0].closed).toBe(true);
    expect(pool.size).toBe(0);

    (await pool.acquire("u:s", "v", open("broken"))).discard();
    await tick();
    expect(opened[1].closed).toBe(true);
  });

  it("keeps at most maxConnections, closing the least recently used idle one", async () => {
    const pool = new ConnectionPool({ idleMs: 60_000, maxConnections: 2 });
    const { opened, open } = fakeSessions();
    (await pool.acquire("a", "v", open("a"))).release();
    (await pool.acquire("b", "v", open("b"))).release();
    (await pool.acquire("a", "v", open("a again"))).release(); // a is now the most recent
    (await pool.acquire("c", "v", open("c"))).release();
    await tick();
    expect(opened.map((s) => [s.name, s.closed])).toEqual([
      ["a", false],
      ["b", true],
      ["c", false],
    ]);
    expect(pool.size).toBe(2);
    await pool.closeAll();
  });

  it("does not keep a connection that failed to open", async () => {
    const pool = new ConnectionPool({ idleMs: 60_000, maxConnections: 10 });
    await expect(pool.acquire("u:s", "v", () => Promise.reject(new Error("refused")))).rejects.toThrow("refused");
    expect(pool.size).toBe(0);
    const { opened, open } = fakeSessions();
    (await pool.acquire("u:s", "v", open("retry"))).release();
    expect(opened).toHaveLength(1);
    await pool.closeAll();
  });

  it("closes the least recently used idle connection that matches when asked to make room, never a busy one", async () => {
    const pool = new ConnectionPool({ idleMs: 60_000, maxConnections: 10 });
    const { opened, open } = fakeSessions();
    (await pool.acquire("u:a:", "v", open("a"))).release();
    const busy = await pool.acquire("u:b:", "v", open("b"));
    (await pool.acquire("u:c:", "v", open("c"))).release();
    (await pool.acquire("v:d:", "v", open("d"))).release();
    expect(pool.closeIdle((key) => key.startsWith("u:"))).toBe("u:a:");
    expect(pool.closeIdle((key) => key.startsWith("u:"))).toBe("u:c:");
    // Only the busy one is left of u's: nothing to close.
    expect(pool.closeIdle((key) => key.startsWith("u:"))).toBeUndefined();
    await tick();
    expect(opened.map((s) => [s.name, s.closed])).toEqual([
      ["a", true],
      ["b", false],
      ["c", true],
      ["d", false],
    ]);
    busy.release();
    await pool.closeAll();
  });
});
