import "server-only";
import { badRequest, unavailable } from "../http/errors";
import { sandboxSupport } from "../sandbox/support";
import { packageFolder } from "../stdio/cache";
import { packageLabel, type StdioConfig } from "../stdio/config";
import { packageBin } from "../stdio/package";
import type { StdioServerCreate } from "./stdio-schema";

/**
 * What a stdio server needs before it is stored: a sandbox to run in (else 503 saying how to
 * enable it: the console never runs one unsandboxed), and its package installed in the console's
 * package folder with a program to run (else 400 saying why). Nothing is stored on a refusal.
 */
export async function prepareStdioServer(input: StdioServerCreate): Promise<StdioConfig> {
  const support = await sandboxSupport();
  if (!support.ok) throw unavailable(support.reason);
  let bin: string;
  try {
    bin = await packageBin(packageFolder(input.package), input.package.identifier);
  } catch (err) {
    throw badRequest(`${packageLabel(input.package)} cannot run: ${(err as Error).message}`, [{ path: "package", message: (err as Error).message }]);
  }
  return { package: input.package, bin, args: input.args };
}
