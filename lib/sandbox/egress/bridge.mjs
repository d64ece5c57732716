/**
 * Runs first inside a sandbox that has egress (lib/sandbox/egress-proxy.ts): the sandbox's network
 * namespace holds only its own loopback, so this listens there and hands each connection, byte for
 * byte, to the console's egress proxy over the Unix socket shown to the sandbox. It decides nothing:
 * what may be reached is the proxy's call. Then it runs the server as its child, on the sandbox's
 * own stdin, stdout and stderr, and ends as the server ends. The preload that makes Node's fetch
 * use the proxy goes into the server's NODE_OPTIONS, not the bridge's own: the bridge has no use
 * for it, and loading it twice would double its cost at every start.
 *
 * Usage: node bridge.mjs <socket> <port> <preload> <command> [args...]
 */
import { spawn } from "node:child_process";
import net from "node:net";

const [socketPath, port, preload, command, ...args] = process.argv.slice(2);
const nodeOptions = [`--import ${preload}`, process.env.NODE_OPTIONS].filter(Boolean).join(" ");

const bridge = net.createServer((client) => {
  const proxy = net.connect(socketPath);
  const close = () => {
    client.destroy();
    proxy.destroy();
  };
  client.on("error", close).on("close", close);
  proxy.on("error", close).on("close", close);
  client.pipe(proxy).pipe(client);
});

bridge.listen(Number(port), "127.0.0.1", () => {
  const server = spawn(command, args, { stdio: "inherit", env: { ...process.env, NODE_OPTIONS: nodeOptions } });
  server.on("error", (error) => {
    process.stderr.write(`Error: ${command} could not start: ${error.message}\n`);
    process.exit(127);
  });
  // The sandbox's exit is the server's: its code, or the signal that ended it.
  server.on("exit", (code, signal) => {
    if (signal) process.kill(process.pid, signal);
    else process.exit(code ?? 1);
  });
});
