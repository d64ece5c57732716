/** @jest-environment node */
import v8 from "node:v8";
import { runInNewContext } from "node:vm";
import { anySignal, signalFollower } from "@/lib/follow-signal";

v8.setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe("signalFollower", () => {
  it("aborts every follower, with the source's reason, when the source aborts", () => {
    const source = new AbortController();
    const follow = signalFollower(source.signal);
    const heard: unknown[] = [];
    const followers = [follow(), follow()];
    for (const signal of followers) signal.addEventListener("abort", () => heard.push(signal.reason));
    source.abort("closed");
    expect(followers.every((s) => s.aborted)).toBe(true);
    expect(heard).toEqual(["closed", "closed"]);
    expect(follow().aborted).toBe(true);
  });

  it("lets a follower whose abort listener is never removed be collected, before and after the source aborts", async () => {
    const source = new AbortController();
    const follow = signalFollower(source.signal);
    const refs: WeakRef<AbortSignal>[] = [];
    const spawn = () => {
      for (let i = 0; i < 50; i++) {
        const signal = follow();
        // What the MCP SDK does with a request's signal: a listener that holds the request, never removed.
        const request = new Uint8Array(64 * 1024);
        signal.addEventListener("abort", () => request.fill(0));
        refs.push(new WeakRef(signal));
      }
    };
    spawn();
    await nextTurn();
    collectGarbage();
    expect(refs.filter((r) => r.deref()).length).toBe(0);

    spawn();
    source.abort();
    await nextTurn();
    collectGarbage();
    expect(refs.filter((r) => r.deref()).length).toBe(0);
  });
});

describe("anySignal", () => {
  it("aborts with the reason of the first source that aborts, once", () => {
    const [a, b] = [new AbortController(), new AbortController()];
    const signal = anySignal([a.signal, b.signal]);
    const heard: unknown[] = [];
    signal.addEventListener("abort", () => heard.push(signal.reason));
    b.abort("timed out");
    a.abort("cancelled");
    expect(heard).toEqual(["timed out"]);
    expect(anySignal([new AbortController().signal, b.signal]).reason).toBe("timed out");
  });

  it("is collected with the call it bounded although its abort listener is never removed, aborted or not", async () => {
    const refs: WeakRef<AbortSignal>[] = [];
    const call = (abort: boolean) => {
      const [request, timeout] = [new AbortController(), new AbortController()];
      const signal = anySignal([request.signal, timeout.signal]);
      // What the MCP SDK does with a request's signal: a listener that holds the request, never removed.
      const held = new Uint8Array(64 * 1024);
      signal.addEventListener("abort", () => held.fill(0));
      if (abort) timeout.abort();
      refs.push(new WeakRef(signal));
    };
    for (let i = 0; i < 50; i++) call(i % 2 === 0);
    await nextTurn();
    collectGarbage();
    expect(refs.filter((r) => r.deref()).length).toBe(0);
  });
});
