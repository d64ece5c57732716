import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** npm's output kept: enough to read a version list or say why it failed; more kills it (it is not read on the request thread beyond this). */
const OUTPUT_BYTES = 256 * 1024;

/** Why npm failed, in its own words. */
export class NpmError extends Error {}

/** The line of npm's output that says why it failed: its error lines, without the pointer to its debug log. */
function whyFailed(stderr: string, fallback: string): string {
  const lines = stderr
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.startsWith("npm error") && !/complete log of this run/.test(line))
    .map((line) => line.replace(/^npm error\s*/, "").replace(/\s+/g, " "))
    // npm's error code ("code E404") and bare status lines repeat what the message says.
    .filter((line) => line && !/^code \S+$/.test(line) && !/^\d+$/.test(line));
  return (lines.slice(0, 2).join(" ") || fallback).slice(0, 500);
}

/** How the machine reaches its registry, as its operator set it up: the registry, a proxy, the CA that a proxy's certificates chain to. */
const REGISTRY_ACCESS = ["npm_config_registry", "npm_config_cafile", "npm_config_proxy", "npm_config_https_proxy", "npm_config_noproxy", "HTTPS_PROXY", "HTTP_PROXY", "NO_PROXY", "NODE_EXTRA_CA_CERTS"];

/**
 * npm's environment: none of the console's (its secrets), only what npm needs: PATH, a home and
 * cache of its own under the data folder, and how this machine reaches the registry: those
 * variables when set (a mirror; tests serve their own), and the npm configuration file of the
 * account the console runs as (`npm_config_userconfig`, else `~/.npmrc`), which is where a
 * machine behind a proxy keeps its registry, CA and proxy settings. Install scripts are off, so
 * nothing of the package runs with them.
 */
function npmEnv(dataDir: string): Record<string, string> {
  const home = path.resolve(dataDir, "npm");
  const userconfig = process.env.npm_config_userconfig ?? path.join(os.homedir(), ".npmrc");
  const access = Object.fromEntries(REGISTRY_ACCESS.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])));
  return {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: home,
    npm_config_cache: path.join(home, "cache"),
    npm_config_update_notifier: "false",
    ...(existsSync(userconfig) ? { npm_config_userconfig: userconfig } : {}),
    ...access,
  };
}

/** Runs npm bounded in time and output; its standard output, or an NpmError saying why it failed. */
export function runNpm(args: string[], dataDir: string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      "npm",
      args,
      { env: npmEnv(dataDir) as NodeJS.ProcessEnv, timeout: timeoutMs, killSignal: "SIGKILL", maxBuffer: OUTPUT_BYTES, cwd: dataDir },
      (error, stdout, stderr) => {
        if (!error) return resolve(String(stdout));
        const timedOut = (error as { killed?: boolean }).killed && !/maxBuffer/.test(error.message);
        reject(new NpmError(timedOut ? `npm did not finish within ${timeoutMs / 1000} s.` : whyFailed(String(stderr), error.message)));
      },
    );
  });
}

