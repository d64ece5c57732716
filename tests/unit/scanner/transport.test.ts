/** @jest-environment node */
import { plainHttp } from "@/lib/scanner/rules/plain-http";
import { unauthenticatedEndpoint } from "@/lib/scanner/rules/unauthenticated-endpoint";
import { scanInput, tool } from "./scan-input";

const connection = (url: string, headerNames: string[] = ["Authorization"], tools = [tool("write", "Writes.")]) => scanInput({ server: { url, headerNames }, tools });

describe("transport-plain-http", () => {
  it.each([
    ["a public name", "http://mcp.weather.io/mcp", "high"],
    ["a public IP address", "http://93.184.215.14:8080/sse", "high"],
    ["a private address", "http://10.0.0.12/mcp", "low"],
    ["an internal name", "http://mcp.corp.internal/mcp", "low"],
  ])("flags plain HTTP to %s", (_, url, severity) => {
    const [f] = plainHttp.check(connection(url));
    expect([f.severity, f.target]).toEqual([severity, { kind: "server", name: "test-server", path: "/url" }]);
  });

  it("quotes the URL without its query or credentials", () => {
    const [f] = plainHttp.check(connection("http://user:pw@mcp.weather.io/mcp?key=s3cret"));
    expect(f.evidence).toBe("http://mcp.weather.io/mcp (a public host)");
  });

  it.each(["https://mcp.weather.io/mcp", "http://localhost:3001/mcp", "http://127.0.0.1:3001/mcp", "http://[::1]:3001/mcp", "http://app.localhost/mcp"])(
    "leaves %s alone",
    (url) => expect(plainHttp.check(connection(url))).toEqual([]),
  );
});

describe("transport-no-auth", () => {
  it("flags a public endpoint without a credential header as medium", () => {
    const [f] = unauthenticatedEndpoint.check(connection("https://mcp.weather.io/mcp", []));
    expect([f.severity, f.evidence]).toEqual(["medium", "https://mcp.weather.io/mcp has no Authorization, API-key or token header configured"]);
  });

  it("rates it low when every tool is marked read-only", () => {
    const readOnly = [tool("read", "Reads.", {}, { annotations: { readOnlyHint: true } })];
    expect(unauthenticatedEndpoint.check(connection("https://mcp.weather.io/mcp", ["Accept"], readOnly)).map((f) => f.severity)).toEqual(["low"]);
  });

  it.each([
    ["an Authorization header", "https://mcp.weather.io/mcp", ["Authorization"]],
    ["an API-key header", "https://mcp.weather.io/mcp", ["X-Api-Key"]],
    ["a token header", "https://mcp.weather.io/mcp", ["X-Auth-Token"]],
    ["a key in the URL", "https://mcp.weather.io/mcp?api_key=1", []],
    ["a local endpoint", "http://127.0.0.1:3001/mcp", []],
    ["a private endpoint", "https://192.168.1.5/mcp", []],
  ])("accepts %s", (_, url, headers) => {
    expect(unauthenticatedEndpoint.check(connection(url, headers))).toEqual([]);
  });
});
