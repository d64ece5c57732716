import { z } from "zod";
import { normalizeHost } from "../sandbox/egress-admission";
import { EXACT_VERSION, NPM_NAME_PATTERN, STDIO_REGISTRY_TYPES } from "../stdio/config";
import { connectionInput, namedValuesFromObject, serverCreate, serverUpdate } from "./schema";

/**
 * A stdio server's shapes: `POST /api/servers` with `transport: "stdio"`, and what its answer
 * says of the package. Env values are secrets: accepted, stored encrypted, never returned.
 */

export const MAX_ARGS = 50;
export const MAX_ENV = 50;
export const MAX_EGRESS = 20;

/** The names the sandbox sets itself: a server's env cannot move its home or widen its PATH. */
const RESERVED_ENV = ["PATH", "HOME", "TMPDIR"];

/** Why a variable name cannot be given, if it cannot (checked on the record, whose key errors zod would only call "Invalid key"). */
function envNameProblem(name: string): string | undefined {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) return "Variable names use letters, digits and _ only, and do not start with a digit.";
  if (name.length > 128) return "Variable names are at most 128 characters.";
  if (RESERVED_ENV.includes(name)) return "PATH, HOME and TMPDIR are set by the sandbox.";
  return undefined;
}

const envValue = z
  .string()
  .max(4096, "Values are at most 4096 characters.")
  .refine((v) => !v.includes("\0"), "Values cannot contain a NUL character.");

export const stdioPackage = z.object({
  registryType: z.enum(STDIO_REGISTRY_TYPES, {
    error: "Only npm packages can run as stdio servers for now: pypi, oci, nuget and mcpb packages are not supported yet.",
  }),
  identifier: z.string().regex(NPM_NAME_PATTERN, "Enter an npm package name (lower case, optionally @scope/name)."),
  version: z
    .string()
    .regex(EXACT_VERSION, "Give an exact version (e.g. 1.2.3): what was installed is what runs, so no ranges or tags.")
    .max(64),
});

/** A host the server may reach through the console's egress proxy: a name or an address, exactly (no wildcards), and a port or 443 and 80. */
export const egressRule = z.object({
  host: z
    .string()
    .trim()
    .max(253)
    .refine((host) => !host.includes("*"), "List each host: wildcards are not supported.")
    .refine((host) => normalizeHost(host) !== undefined, "Enter a host name or an IP address, without a scheme, port or path (e.g. api.example.com)."),
  port: z.number().int("A port is a whole number from 1 to 65535.").min(1, "A port is a whole number from 1 to 65535.").max(65535, "A port is a whole number from 1 to 65535.").optional().describe("The one port it may be reached on; 443 and 80 when absent."),
});

const stdioArgs = z
  .array(
    z
      .string()
      .max(1000, "Arguments are at most 1000 characters.")
      .refine((v) => !v.includes("\0"), "Arguments cannot contain a NUL character."),
  )
  .max(MAX_ARGS, `At most ${MAX_ARGS} arguments.`);

const egressList = z
  .array(egressRule)
  .max(MAX_EGRESS, `At most ${MAX_EGRESS} hosts.`)
  .describe("The hosts the server may reach, through the console's proxy and under its outbound policy (no private addresses outside local mode). None: no network at all.");

export const stdioServerCreate = serverCreate.omit({ transport: true, url: true, headers: true }).extend({
  transport: z.literal("stdio"),
  package: stdioPackage,
  args: stdioArgs.default([]),
  env: z
    .record(z.string(), envValue)
    .superRefine((env, ctx) => {
      const names = Object.keys(env);
      if (names.length > MAX_ENV) ctx.addIssue({ code: "custom", message: `At most ${MAX_ENV} variables.` });
      for (const name of names) {
        const problem = envNameProblem(name);
        if (problem) ctx.addIssue({ code: "custom", path: [name], message: problem });
      }
    })
    .default({})
    .describe("The server's environment variables: secrets, stored encrypted and never returned (names only)."),
  egress: egressList.default([]),
});
export type StdioServerCreate = z.infer<typeof stdioServerCreate>;

/** `POST /api/servers`: a remote server (by URL) or a stdio one (a package), told apart by `transport`. */
export const anyServerCreate = z.discriminatedUnion("transport", [serverCreate, stdioServerCreate]);
export type AnyServerCreate = z.infer<typeof anyServerCreate>;

/**
 * A variable of a stdio server's env in an update: with a value, set to it (added or rotated);
 * without one, its stored value is kept. As a remote server's headers are updated
 * (`headerUpdate` in ./schema.ts).
 */
const envUpdateRow = z.object({
  name: z.string().superRefine((name, ctx) => {
    const problem = envNameProblem(name);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  }),
  value: envValue.optional(),
});

/**
 * An update's env: the list `[{name, value?}]` or the object `{NAME: value}` where `null` keeps a
 * stored value; a variable not listed is removed, so `{}` removes them all.
 */
const envUpdate = z
  .preprocess(
    namedValuesFromObject,
    z
      .array(envUpdateRow)
      .max(MAX_ENV, `At most ${MAX_ENV} variables.`)
      .superRefine((rows, ctx) => {
        const seen = new Set<string>();
        rows.forEach((row, i) => {
          if (seen.has(row.name)) ctx.addIssue({ code: "custom", path: [i, "name"], message: "This variable is already listed." });
          seen.add(row.name);
        });
      }),
  )
  .describe("The server's environment variables, all of them: a value sets one, a variable without a value (null in the object form) keeps its stored value, and one not listed is removed. Values are never returned.");

/** An update's package: its version; the registry and name, when given, must be the server's own (another package is another server). */
const stdioPackageUpdate = z.object({
  registryType: z.string().max(32).optional(),
  identifier: z.string().max(214).optional(),
  version: stdioPackage.shape.version,
});

/**
 * `PATCH /api/servers/{id}`: a remote server's fields, or a stdio server's package version,
 * arguments, env and egress; which apply is the stored server's transport (the service refuses
 * the others).
 */
export const anyServerUpdate = serverUpdate.extend({
  package: stdioPackageUpdate.describe("A stdio server's package: a new exact version is installed first, as at registration.").optional(),
  args: stdioArgs.optional(),
  env: envUpdate.optional(),
  egress: egressList.optional(),
});
export type AnyServerUpdate = z.infer<typeof anyServerUpdate>;

/** "Test connection" of a stdio server: the package (installed as registration would), its args and env; nothing is stored. */
export const stdioConnectionInput = stdioServerCreate.pick({ transport: true, package: true, args: true, env: true, egress: true });
export type StdioConnectionInput = z.infer<typeof stdioConnectionInput>;

/** `POST /api/servers/test`: a remote connection or a stdio one, told apart by `transport`. */
export const anyConnectionInput = z.discriminatedUnion("transport", [connectionInput, stdioConnectionInput]);
export type AnyConnectionInput = z.infer<typeof anyConnectionInput>;

export const stdioDto = z.object({
  package: stdioPackage,
  integrity: z.string().nullable().describe("The installed tarball's integrity (sha512), as npm checked it at registration."),
  args: z.array(z.string()),
  env: z.array(z.string()).describe("The names of its environment variables; their values are never returned."),
  egress: z.array(egressRule).describe("The hosts it may reach through the console's egress proxy; none: no network."),
});
export type StdioDto = z.infer<typeof stdioDto>;
