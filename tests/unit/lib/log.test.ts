/** @jest-environment node */
import { log, redact } from "@/lib/log";

describe("log redaction", () => {
  it("replaces values under secret-looking keys at any depth", () => {
    expect(
      redact({ user: "u1", headers: { Authorization: "Bearer abc" }, nested: { apiKey: "k", list: [{ password: "p" }] } }),
    ).toEqual({ user: "u1", headers: "[redacted]", nested: { apiKey: "[redacted]", list: [{ password: "[redacted]" }] } });
  });

  it("keeps errors readable without their internals", () => {
    expect(redact({ err: new TypeError("boom") })).toEqual({ err: { name: "TypeError", message: "boom" } });
  });
});

describe("log level", () => {
  const saved = { LOG_LEVEL: process.env.LOG_LEVEL, PORT: process.env.PORT };
  let lines: string[];
  beforeEach(() => {
    lines = [];
    const capture = (chunk: string | Uint8Array) => lines.push(String(chunk)) > 0;
    jest.spyOn(process.stdout, "write").mockImplementation(capture);
    jest.spyOn(process.stderr, "write").mockImplementation(capture);
  });
  afterEach(() => {
    jest.restoreAllMocks();
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });

  it("writes what LOG_LEVEL lets through, and info when it is unset", () => {
    process.env.LOG_LEVEL = "warn";
    log.info("quiet");
    log.warn("heard");
    delete process.env.LOG_LEVEL;
    log.debug("quiet too");
    log.info("heard too");
    expect(lines.map((l) => JSON.parse(l).msg)).toEqual(["heard", "heard too"]);
  });

  it("still writes when the rest of the configuration is invalid, which is what it then has to report", () => {
    process.env.LOG_LEVEL = "error";
    process.env.PORT = "eighty";
    log.error("startup failed", { err: new Error("Invalid configuration") });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({ level: "error", msg: "startup failed" });
  });
});
