import "server-only";
import { badRequest, unavailable } from "../http/errors";
import { sandboxSupport } from "../sandbox/support";
import { packageLabel, type StdioConfig } from "../stdio/config";
import { InstallError, installPackage, type InstalledPackage } from "../stdio/install";
import { packageBin } from "../stdio/package";
import type { StdioConnectionInput } from "./stdio-schema";

/**
 * What a stdio server needs before it is stored: a sandbox to run in (else 503 saying how to
 * enable it: the console never runs one unsandboxed), and its package installed in its own folder
 * of the package cache with a program to run (else 400 saying why). Nothing is stored on a refusal.
 */
export async function prepareStdioServer(
  input: Omit<StdioConnectionInput, "transport" | "env">,
  // Where a refusal lands: the package, or its version when only the version was changed (an update).
  { field = "package" }: { field?: "package" | "package.version" } = {},
): Promise<StdioConfig> {
  const support = await sandboxSupport();
  if (!support.ok) throw unavailable(support.reason);
  const label = packageLabel(input.package);
  let installed: InstalledPackage;
  try {
    installed = await installPackage(input.package);
  } catch (err) {
    if (!(err instanceof InstallError)) throw err;
    throw badRequest(`${label} cannot be installed: ${err.message}`, [{ path: field, message: err.message }]);
  }
  let bin: string;
  try {
    bin = await packageBin(installed.folder, input.package.identifier);
  } catch (err) {
    throw badRequest(`${label} cannot run: ${(err as Error).message}`, [{ path: field, message: (err as Error).message }]);
  }
  return { package: input.package, bin, args: input.args, integrity: installed.integrity, egress: input.egress };
}
