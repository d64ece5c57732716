/** @jest-environment node */
import type { LookupAddress } from "node:dns";
import { classifyAddress, PUBLIC_ONLY, type OutboundPolicy } from "@/lib/net/address-policy";
import { OutboundError } from "@/lib/net/errors";
import { parseEnv } from "@/lib/env";
import { mcpServerPolicy } from "@/lib/demo/server-origin";
import { checkUrlAddress, policyFor } from "@/lib/net/guarded-fetch";
import { PRODUCTION_ENV } from "../support/production-env";

/** A resolver with fixed answers, so that no test depends on real DNS. */
const DNS: Record<string, string[]> = {
  "localhost.example": ["127.0.0.1"],
  "metadata.google.internal": ["169.254.169.254"],
  "internal.example": ["10.1.2.3"],
  "v6-loopback.example": ["::1"],
  "mixed.example": ["93.184.216.34", "127.0.0.1"],
  "127.0.0.1.nip.io": ["127.0.0.1"],
  "cgnat.example": ["100.100.100.100"],
  "ula.example": ["fd12:3456::1"],
  "mapped.example": ["::ffff:192.168.0.10"],
  "public.example": ["93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946"],
};
const resolver = async (host: string): Promise<LookupAddress[]> => {
  const found = DNS[host];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
  return found.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
};

const check = (url: string, policy: OutboundPolicy = PUBLIC_ONLY) => checkUrlAddress(new URL(url), { policy, resolver });

async function refusal(url: string, policy: OutboundPolicy = PUBLIC_ONLY): Promise<string> {
  try {
    await check(url, policy);
  } catch (err) {
    expect(err).toBeInstanceOf(OutboundError);
    expect((err as OutboundError).kind).toBe("refused");
    return (err as Error).message;
  }
  throw new Error(`${url} was allowed`);
}

const HOSTILE = [
  // loopback, in every spelling
  "http://127.0.0.1/",
  "http://127.1/",
  "http://2130706433/",
  "http://0x7f000001/",
  "http://0177.0.0.1/",
  "http://0x7f.0.0.1/",
  "http://127.000.000.001:8080/mcp",
  "http://user:pass@127.0.0.1:3001/mcp",
  "http://[::1]/",
  "http://[0:0:0:0:0:0:0:1]/",
  "http://[::ffff:127.0.0.1]/",
  "http://[::ffff:7f00:1]/",
  "http://[0:0:0:0:0:ffff:127.0.0.1]/",
  "http://localhost.example/",
  "http://127.0.0.1.nip.io/",
  "http://v6-loopback.example/",
  // unspecified
  "http://0.0.0.0/",
  "http://0/",
  "http://[::]/",
  // private networks
  "http://10.0.0.1/",
  "http://0x0a000001/",
  "http://172.16.0.1/",
  "http://172.31.255.255/",
  "http://192.168.1.1/",
  "http://3232235777/",
  "http://[fd00::1]/",
  "http://[fc00::1]/",
  "http://internal.example/",
  "http://ula.example/",
  "http://mapped.example/",
  // carrier-grade NAT
  "http://100.64.0.1/",
  "http://cgnat.example/",
  // link-local and cloud metadata
  "http://169.254.169.254/latest/meta-data/",
  "http://[::ffff:169.254.169.254]/",
  "http://[::ffff:a9fe:a9fe]/",
  "http://[64:ff9b::a9fe:a9fe]/",
  "http://[fe80::1]/",
  "http://metadata.google.internal/computeMetadata/v1/",
  // multicast, broadcast, reserved and documentation ranges
  "http://224.0.0.1/",
  "http://[ff02::1]/",
  "http://255.255.255.255/",
  "http://240.0.0.1/",
  "http://192.0.2.1/",
  "http://198.51.100.7/",
  "http://203.0.113.9/",
  "http://198.18.0.1/",
  "http://[2001:db8::1]/",
  "http://[::127.0.0.1]/",
  "http://[2002:7f00:1::]/",
  // a name with one bad address among good ones (the start of a rebinding attack)
  "http://mixed.example/",
  // other schemes
  "file:///etc/passwd",
  "ftp://93.184.216.34/",
  "gopher://93.184.216.34:70/",
];

describe("the outbound address policy (production)", () => {
  it(`refuses ${HOSTILE.length} hostile URLs`, async () => {
    expect(HOSTILE.length).toBeGreaterThanOrEqual(30);
    const allowed: string[] = [];
    for (const url of HOSTILE) {
      await check(url).then(
        () => allowed.push(url),
        (err) => expect(err).toMatchObject({ name: "OutboundError", kind: "refused" }),
      );
    }
    expect(allowed).toEqual([]);
  });

  it("allows public addresses and names that resolve only to them", async () => {
    for (const url of ["https://93.184.216.34/mcp", "http://[2606:4700:4700::1111]/sse", "https://public.example/mcp", "http://[::ffff:93.184.216.34]/"]) {
      await expect(check(url)).resolves.toBeUndefined();
    }
  });

  it("says why, naming the address and what it is", async () => {
    expect(await refusal("http://127.0.0.1:3001/mcp")).toBe(
      "127.0.0.1 is a loopback address; MCP Console does not connect to private networks. Use the server's public address, or, for a self-hosted deployment, ask the operator to set OUTBOUND_ALLOW_PRIVATE=true.",
    );
    expect(await refusal("http://2130706433/")).toMatch(/^127\.0\.0\.1 is a loopback address;/);
    expect(await refusal("http://169.254.169.254/")).toMatch(/link-local address \(where cloud metadata services live\).*Use the server's public address\.$/);
    expect(await refusal("http://[::ffff:7f00:1]/")).toMatch(/^::ffff:7f00:1 is a loopback address/);
    expect(await refusal("file:///etc/passwd")).toBe("Only http:// and https:// URLs can be used (not file://).");
  });

  it("name resolution told to strangers: a refused name is not told the address it resolved to", async () => {
    expect(await refusal("http://internal.example/")).toBe(
      "internal.example resolves to an address that is not allowed; MCP Console does not connect to private networks. Use the server's public address (the operator of a self-hosted deployment can allow private networks).",
    );
    expect(await refusal("http://internal.example/")).not.toContain("10.1.2.3");
  });

  it("lets DNS failures through: they are not the policy's to judge", async () => {
    await expect(check("http://unknown.example/")).rejects.toMatchObject({ code: "ENOTFOUND" });
  });
});

describe("the permissive policies", () => {
  const local: OutboundPolicy = { allowLoopback: true, allowPrivate: true };

  it("allow loopback and private networks (local mode, OUTBOUND_ALLOW_PRIVATE)", async () => {
    for (const url of ["http://127.0.0.1:3001/mcp", "http://[::1]/", "http://10.0.0.1/", "http://100.64.0.1/", "http://[fd00::1]/", "http://internal.example/"]) {
      await expect(check(url, local)).resolves.toBeUndefined();
    }
  });

  it("still refuse link-local, metadata, multicast and reserved addresses", async () => {
    for (const url of ["http://169.254.169.254/", "http://metadata.google.internal/", "http://[fe80::1]/", "http://224.0.0.1/", "http://0.0.0.0/", "http://192.0.2.1/"]) {
      await refusal(url, local);
    }
  });

  it("can allow loopback alone", async () => {
    const loopbackOnly = { allowLoopback: true, allowPrivate: false };
    await expect(check("http://127.0.0.1/", loopbackOnly)).resolves.toBeUndefined();
    await refusal("http://192.168.1.1/", loopbackOnly);
  });
});

describe("the deployment's policy", () => {

  it("is public-only for a real deployment, unless the operator allows private networks", () => {
    expect(policyFor(parseEnv(PRODUCTION_ENV))).toEqual(PUBLIC_ONLY);
    expect(policyFor(parseEnv({ ...PRODUCTION_ENV, OUTBOUND_ALLOW_PRIVATE: "true" }))).toEqual({ allowLoopback: true, allowPrivate: true });
    expect(() => parseEnv({ ...PRODUCTION_ENV, OUTBOUND_ALLOW_PRIVATE: "yes" })).toThrow("OUTBOUND_ALLOW_PRIVATE: must be true or false");
  });

  it("admits the demo server's origin alone to MCP connections when demo accounts are on (tests/integration/demo-outbound-policy.test.ts connects), and not to webhooks", async () => {
    const demoOn = parseEnv({ ...PRODUCTION_ENV, DEMO_ACCOUNTS: "on", DEMO_MCP_PORT: "3005" });
    const policy = mcpServerPolicy(demoOn);
    expect(policy).toEqual({ ...PUBLIC_ONLY, admittedOrigins: ["http://127.0.0.1:3005"] });
    expect(policyFor(demoOn)).toEqual(PUBLIC_ONLY);
    await expect(check("http://127.0.0.1:3005/mcp", policy)).resolves.toBeUndefined();
    for (const url of ["http://127.0.0.1:3006/mcp", "http://localhost.example:3005/mcp", "http://127.0.0.1.nip.io:3005/", "http://10.1.2.3:3005/"]) {
      await refusal(url, policy);
    }
  });

  it("keeps demo accounts off in a deployment unless turned on, and never on the console's own port", () => {
    expect(parseEnv(PRODUCTION_ENV).demoAccounts).toBe(false);
    expect(parseEnv({ FIREBASE_PROJECT_ID: "demo-mcp-console" }).demoAccounts).toBe(true);
    expect(parseEnv({ FIREBASE_PROJECT_ID: "demo-mcp-console", DEMO_ACCOUNTS: "off" }).demoAccounts).toBe(false);
    expect(() => parseEnv({ ...PRODUCTION_ENV, DEMO_ACCOUNTS: "yes" })).toThrow("DEMO_ACCOUNTS: must be on or off");
    expect(() => parseEnv({ ...PRODUCTION_ENV, DEMO_ACCOUNTS: "on", PORT: "3001", DEMO_MCP_PORT: "3001" })).toThrow("DEMO_MCP_PORT: must differ from PORT (3001)");
  });

  it("allows loopback and private networks in local mode, for the demo", () => {
    expect(policyFor(parseEnv({ FIREBASE_PROJECT_ID: "demo-mcp-console" }))).toEqual({ allowLoopback: true, allowPrivate: true });
  });
});

describe("classifyAddress", () => {
  it.each([
    ["8.8.8.8", "public"],
    ["127.0.0.53", "loopback"],
    ["::1", "loopback"],
    ["::ffff:10.0.0.1", "private"],
    ["64:ff9b::808:808", "public"],
    ["64:ff9b::7f00:1", "loopback"],
    ["fe80::abcd", "link-local"],
    ["ff05::2", "multicast"],
    ["255.255.255.255", "broadcast"],
    ["0.1.2.3", "unspecified"],
    ["::7f00:1", "reserved"],
    ["not an address", "reserved"],
  ])("%s is %s", (address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
  });
});
