import "server-only";
import { packageFolder } from "../stdio/cache";
import type { StdioCommand } from "../stdio/command";
import type { StdioConfig } from "../stdio/config";
import { decryptedVariables } from "./env-vars";

/** What the sandbox runs for a stdio server's configuration: its installed package's program, its arguments, its env in clear. */
export const commandFor = (config: StdioConfig, env: Record<string, string>): StdioCommand => ({
  packageDir: packageFolder(config.package),
  bin: config.bin,
  args: config.args,
  env,
  registered: { package: config.package, integrity: config.integrity },
  egress: config.egress ?? [],
});

/** What the sandbox runs for a stored stdio server: its env decrypted just before use. */
export async function stdioCommandOf(server: { id: string; stdio: StdioConfig | null }): Promise<StdioCommand | undefined> {
  if (!server.stdio) return undefined;
  return commandFor(server.stdio, await decryptedVariables(server.id));
}
