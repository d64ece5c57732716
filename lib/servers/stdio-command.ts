import "server-only";
import { packageFolder } from "../stdio/cache";
import type { StdioCommand } from "../stdio/command";
import type { StdioConfig } from "../stdio/config";
import { decryptedVariables } from "./env-vars";

/** What the sandbox runs for a stored stdio server: its installed package's program, its arguments, its env decrypted. */
export async function stdioCommandOf(server: { id: string; stdio: StdioConfig | null }): Promise<StdioCommand | undefined> {
  if (!server.stdio) return undefined;
  return { packageDir: packageFolder(server.stdio.package), bin: server.stdio.bin, args: server.stdio.args, env: await decryptedVariables(server.id) };
}
