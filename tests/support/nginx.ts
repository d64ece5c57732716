import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * nginx from Debian's package as the load balancer in front of several
 * instances: round robin, no sticky sessions, streams passed through
 * unbuffered (docs/operations.md, "Several instances", shows the same
 * `http` block). Run as the current user, in the foreground, with its
 * configuration, pid, logs and temporary files in a folder of its own.
 * Each answer names the instance that served it (`X-Upstream`).
 */

/** nginx's path, or undefined when it is not installed. */
export function findNginx(): string | undefined {
  for (const candidate of ["/usr/sbin/nginx", "/usr/bin/nginx", "/usr/local/sbin/nginx"]) if (fs.existsSync(candidate)) return candidate;
  const found = spawnSync("sh", ["-c", "command -v nginx"], { encoding: "utf8" }).stdout.trim();
  return found || undefined;
}

/** The load balancer's part of the configuration, as docs/operations.md shows it. */
export function balancerConfig(listen: number, upstreams: number[]): string {
  return `
  upstream console {
${upstreams.map((port) => `    server 127.0.0.1:${port};`).join("\n")}
  }
  server {
    listen 127.0.0.1:${listen};
    location / {
      proxy_pass http://console;
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # Event streams and streamed workbench calls: every line as it comes, for as long as the call lasts.
      proxy_buffering off;
      proxy_read_timeout 1h;
      add_header X-Upstream $upstream_addr always;
    }
  }`;
}

export interface RunningNginx {
  /** The access log's lines: the upstream that served each request. */
  upstreams(): string[];
  stop(): Promise<void>;
}

export async function startNginx(binary: string, listen: number, upstreams: number[]): Promise<RunningNginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mcp-console-nginx-"));
  const file = (name: string) => path.join(dir, name);
  // As root, workers would switch to `nobody`, who cannot write to this folder.
  const user = process.getuid?.() === 0 ? `user ${os.userInfo().username};\n` : "";
  fs.writeFileSync(
    file("nginx.conf"),
    `${user}worker_processes 1;
pid ${file("nginx.pid")};
error_log ${file("error.log")} warn;
events { worker_connections 512; }
http {
  log_format upstream '$upstream_addr $status $request';
  access_log ${file("access.log")} upstream;
  client_body_temp_path ${file("body")};
  proxy_temp_path ${file("proxy")};
  fastcgi_temp_path ${file("fastcgi")};
  uwsgi_temp_path ${file("uwsgi")};
  scgi_temp_path ${file("scgi")};
${balancerConfig(listen, upstreams)}
}
`,
  );
  const child: ChildProcess = spawn(binary, ["-p", dir, "-c", file("nginx.conf"), "-e", file("error.log"), "-g", "daemon off;"], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const deadline = Date.now() + 10_000;
  while (!fs.existsSync(file("nginx.pid"))) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${stderr}${readOr(file("error.log"))}`);
    if (Date.now() > deadline) throw new Error(`nginx did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    upstreams: () => readOr(file("access.log")).split("\n").filter(Boolean).map((line) => line.split(" ")[0]),
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          fs.rmSync(dir, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once("exit", done);
        child.kill("SIGQUIT");
      }),
  };
}

function readOr(file: string): string {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return "";
  }
}
