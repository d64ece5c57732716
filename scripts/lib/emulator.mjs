// Starts the Firebase Auth Emulator (offline, no login, no Java) on the given
// ports and waits until it answers.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { portOpen, waitFor } from "./ports.mjs";
import { npxBin, startChild } from "./processes.mjs";

export async function startAuthEmulator({ projectId, port, hubPort, loggingPort, quiet = false }) {
  if (await portOpen(port)) {
    console.log(`Auth emulator already listening on 127.0.0.1:${port}; using it.`);
    return { host: `127.0.0.1:${port}`, stop: () => {} };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mcp-console-emulator-"));
  const config = path.join(dir, "firebase.json");
  fs.writeFileSync(
    config,
    JSON.stringify({
      emulators: {
        auth: { host: "127.0.0.1", port },
        hub: { host: "127.0.0.1", port: hubPort },
        logging: { host: "127.0.0.1", port: loggingPort },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const child = startChild(
    npxBin("firebase"),
    ["emulators:start", "--only", "auth", "--project", projectId, "--config", config],
    {
      cwd: dir,
      stdio: quiet ? "ignore" : ["ignore", "inherit", "inherit"],
      env: { ...process.env, FIREBASE_CLI_EXPERIMENTS: "", NO_UPDATE_NOTIFIER: "1" },
    },
  );
  let exited = false;
  child.on("exit", () => (exited = true));
  await waitFor(async () => {
    if (exited) throw new Error("The Firebase Auth Emulator exited during start-up");
    const res = await fetch(`http://127.0.0.1:${port}/`);
    return res.ok;
  }, 90_000, "the Firebase Auth Emulator");
  return {
    host: `127.0.0.1:${port}`,
    stop: () => {
      child.kill("SIGTERM");
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
