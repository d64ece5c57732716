import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { checkSandbox } from "@/lib/sandbox/support";
import { ownPidsCgroup } from "../support/sandbox";

/** Where the sandbox cannot run, stdio servers are refused with what to do about it (never run unsandboxed). */

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "sandbox-support-"));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

it("says to install bubblewrap when bwrap is not found", async () => {
  expect(await checkSandbox(dir)).toEqual({
    ok: false,
    reason: "Stdio servers need a sandbox and bubblewrap (bwrap) is not installed. Install bubblewrap (Debian and Ubuntu: apt-get install bubblewrap).",
  });
});

it("says how to allow user namespaces when bwrap cannot make one", async () => {
  // What bwrap prints where the kernel refuses it a user namespace.
  fs.writeFileSync(path.join(dir, "bwrap"), "#!/bin/sh\necho 'bwrap: No permissions to create new namespace' >&2\nexit 1\n", { mode: 0o755 });
  const support = await checkSandbox(dir);
  expect(support).toEqual({ ok: false, reason: expect.stringContaining("bubblewrap cannot make one here (bwrap: No permissions to create new namespace)") });
  expect(support.ok || support.reason).toContain("sysctl -w user.max_user_namespaces=");
  expect(support.ok || support.reason).toContain("kernel.unprivileged_userns_clone=1");
});

it("runs where bwrap, user namespaces and cgroups are all there", async () => {
  expect(await checkSandbox("/usr/bin")).toEqual({ ok: true, bwrap: "/usr/bin/bwrap" });
});

it("removes the sandbox cgroups a killed console left, and only those", async () => {
  const gone = spawn("true");
  await once(gone, "exit");
  const stale = path.join(ownPidsCgroup(), `mcp-sandbox-${gone.pid}-1`);
  const live = path.join(ownPidsCgroup(), `mcp-sandbox-${process.pid}-999999`);
  fs.mkdirSync(stale);
  fs.mkdirSync(live);
  try {
    expect(await checkSandbox("/usr/bin")).toEqual({ ok: true, bwrap: "/usr/bin/bwrap" });
    expect(fs.existsSync(stale)).toBe(false);
    expect(fs.existsSync(live)).toBe(true);
  } finally {
    // cgroup folders are removed with rmdir, their files and all.
    for (const dir of [stale, live]) if (fs.existsSync(dir)) fs.rmdirSync(dir);
  }
});

it("removes the egress proxy folders a killed console left, and only those", async () => {
  const gone = spawn("true");
  await once(gone, "exit");
  const stale = fs.mkdtempSync(path.join(os.tmpdir(), `mcp-egress-${gone.pid}-`));
  const live = fs.mkdtempSync(path.join(os.tmpdir(), `mcp-egress-${process.pid}-`));
  fs.writeFileSync(path.join(stale, "proxy.sock"), "");
  try {
    expect(await checkSandbox("/usr/bin")).toEqual({ ok: true, bwrap: "/usr/bin/bwrap" });
    expect(fs.existsSync(stale)).toBe(false);
    expect(fs.existsSync(live)).toBe(true);
  } finally {
    for (const dir of [stale, live]) fs.rmSync(dir, { recursive: true, force: true });
  }
});
