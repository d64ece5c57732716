/** @jest-environment node */
import "@/instrumentation-client";
import { config } from "zod/v4/core";
import { z } from "zod";

describe("instrumentation-client", () => {
  it("makes Zod jitless before it loads, without importing it", () => {
    expect(config().jitless).toBe(true);
    // Parsing still works, and never asks whether eval is allowed (the probe a strict CSP reports).
    const evalSpy = jest.spyOn(globalThis, "Function");
    expect(z.object({ name: z.string() }).parse({ name: "x" })).toEqual({ name: "x" });
    expect(evalSpy).not.toHaveBeenCalled();
    evalSpy.mockRestore();
  });
});
