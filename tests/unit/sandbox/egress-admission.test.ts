import { connectTarget, egressRefusal, forwardTarget, normalizeHost } from "@/lib/sandbox/egress-admission";

const rules = [{ host: "api.example.com" }, { host: "Data.Example.org", port: 8443 }, { host: "203.0.113.7", port: 80 }, { host: "2001:db8::1" }];

it("admits a listed host on 443 and 80 when its rule names no port, and on the rule's port alone when it does", () => {
  expect(egressRefusal(rules, { host: "api.example.com", port: 443 })).toBeNull();
  expect(egressRefusal(rules, { host: "api.example.com", port: 80 })).toBeNull();
  expect(egressRefusal(rules, { host: "api.example.com", port: 22 })).toBe("api.example.com is in this server's egress list, but not on port 22.");
  expect(egressRefusal(rules, { host: "data.example.org", port: 8443 })).toBeNull();
  expect(egressRefusal(rules, { host: "data.example.org", port: 443 })).toBe("data.example.org is in this server's egress list, but not on port 443.");
});

it("refuses a host that is not listed, however close its name", () => {
  for (const host of ["example.com", "evil.api.example.com", "api.example.com.evil.net", "api-example.com"]) {
    expect(egressRefusal(rules, { host, port: 443 })).toBe(`${host} is not in this server's egress list.`);
  }
  expect(egressRefusal([], { host: "api.example.com", port: 443 })).toBe("api.example.com is not in this server's egress list.");
});

it("reads CONNECT targets, IPv6 in brackets, and refuses what is not host:port", () => {
  expect(connectTarget("API.Example.com:443")).toEqual({ host: "api.example.com", port: 443 });
  expect(connectTarget("[2001:DB8::1]:443")).toEqual({ host: "[2001:db8::1]", port: 443 });
  expect(egressRefusal(rules, connectTarget("[2001:db8::1]:443")!)).toBeNull();
  for (const bad of ["api.example.com", ":443", "api.example.com:0", "api.example.com:65536", "api.example.com:44x", "user@api.example.com:443", "a/b:443", "2001:db8::1:443"]) {
    expect(connectTarget(bad)).toBeUndefined();
  }
});

it("judges an address however it is written: the URL parser's forms, not the text", () => {
  // 0xCB.0.113.7 and 3405803783 are 203.0.113.7 as a URL parser (and a socket) reads them.
  expect(connectTarget("0xCB.0.113.7:80")).toEqual({ host: "203.0.113.7", port: 80 });
  const forwarded = forwardTarget("http://3405803783/x");
  expect("target" in forwarded && forwarded.target).toEqual({ host: "203.0.113.7", port: 80 });
  expect(egressRefusal(rules, { host: "203.0.113.7", port: 80 })).toBeNull();
  expect(normalizeHost("API.example.com")).toBe("api.example.com");
  expect(normalizeHost("api.example.com:443")).toBeUndefined();
  expect(normalizeHost("")).toBeUndefined();
});

it("forwards plain http:// URLs in absolute form only: https goes through CONNECT, and credentials never", () => {
  const forwarded = forwardTarget("http://api.example.com/v1?q=1");
  expect("target" in forwarded && forwarded.target).toEqual({ host: "api.example.com", port: 80 });
  expect("url" in forwarded && forwarded.url.pathname).toBe("/v1");
  expect(forwardTarget("https://api.example.com/")).toEqual({ problem: "The proxy forwards absolute http:// URLs only (https goes through CONNECT)." });
  expect(forwardTarget("/v1")).toEqual({ problem: "The proxy forwards absolute http:// URLs only (https goes through CONNECT)." });
  expect(forwardTarget("http://user:pw@api.example.com/")).toEqual({ problem: "The proxy does not forward URLs with credentials in them." });
});
