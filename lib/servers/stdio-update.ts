import "server-only";
import { badRequest } from "../http/errors";
import { packageLabel, type StdioConfig } from "../stdio/config";
import { prepareStdioServer } from "./stdio-registration";
import type { AnyServerUpdate } from "./stdio-schema";

/** The fields of an update that only a stdio server has. */
export const STDIO_FIELDS = ["package", "args", "env", "egress"] as const;

/** A stdio server's update of its package, arguments or egress: the configuration to store, and which of them changed. */
export interface StdioConfigUpdate {
  config: StdioConfig;
  changed: ("package" | "args" | "egress")[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The stored configuration `current` with an update's package version, arguments and egress:
 * another version is installed first, exactly as at registration (pinned, install scripts off,
 * its integrity recorded), so that a version npm cannot install is refused before anything
 * changes. Another package (name or registry) is another server: refused.
 */
export async function updatedStdioConfig(current: StdioConfig, patch: Pick<AnyServerUpdate, "package" | "args" | "egress">): Promise<StdioConfigUpdate> {
  const { registryType, identifier, version } = patch.package ?? current.package;
  if (registryType !== undefined && registryType !== current.package.registryType) {
    throw badRequest(`This server runs ${packageLabel(current.package)}: its registry cannot change. A package of another registry is another server: add it as one.`, [
      { path: "package.registryType", message: `Its registry is ${current.package.registryType}.` },
    ]);
  }
  if (identifier !== undefined && identifier !== current.package.identifier) {
    throw badRequest(`This server runs ${packageLabel(current.package)}: only its version can change. Another package is another server: add it as one.`, [
      { path: "package.identifier", message: `Its package is ${current.package.identifier}; only its version can change.` },
    ]);
  }
  const args = patch.args ?? current.args;
  const egress = patch.egress ?? current.egress ?? [];
  const changed: StdioConfigUpdate["changed"] = [];
  if (version !== current.package.version) changed.push("package");
  if (!same(args, current.args)) changed.push("args");
  if (!same(egress, current.egress ?? [])) changed.push("egress");
  if (!changed.includes("package")) return { config: { ...current, args, egress }, changed };
  const config = await prepareStdioServer({ package: { ...current.package, version }, args, egress }, { field: "package.version" });
  return { config, changed };
}
