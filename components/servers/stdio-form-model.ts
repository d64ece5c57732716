import { collectFieldErrors, type FieldErrors } from "@/components/app/save-error";
import { splitPackageSpec } from "@/lib/servers/command-entry";
import { stdioConnectionInput, type StdioConnectionInput, type StdioDto } from "@/lib/servers/stdio-schema";

/**
 * The add-server form's "Command (stdio)" fields and their translation to the API: an npm
 * package and its exact version, its arguments (one a line), its environment variables
 * (secrets: typed here, sent once, never shown back) and the hosts it may reach (one a line). Pure, so validation is tested without rendering.
 */

export interface EnvRow {
  /** Stable React key; not sent. */
  key: string;
  name: string;
  value: string;
  /** Saved on the server (editing one): its value is set but never shown, and a blank value keeps it. */
  stored?: boolean;
}

export interface StdioFormValues {
  identifier: string;
  version: string;
  /** One argument a line: an argument may hold spaces, a line break it cannot. */
  args: string;
  env: EnvRow[];
  /** The hosts it may reach, one a line: `host` (ports 443 and 80) or `host:port`. */
  egress: string;
}

let rowCounter = 0;
export function newEnvRow(name = "", value = ""): EnvRow {
  rowCounter += 1;
  return { key: `env-${rowCounter}`, name, value };
}

export const emptyStdio = (): StdioFormValues => ({ identifier: "", version: "", args: "", env: [], egress: "" });

/** A saved stdio server's fields, to edit: its variables listed by name, their values set but unknown here. */
export const stdioValuesOf = (stdio: StdioDto): StdioFormValues => ({
  identifier: stdio.package.identifier,
  version: stdio.package.version,
  args: stdio.args.join("\n"),
  // Keyed by name, not by the counter: the page renders the form on the server first, and the
  // browser must give each row the same key (its ids are made from it) when it takes the page over.
  env: stdio.env.map((name) => ({ key: `env-stored-${name}`, name, value: "", stored: true })),
  egress: stdio.egress.map(egressLine).join("\n"),
});

/** A host as the field's line: `host:port`, an IPv6 address in brackets before its port, so that egressOf reads it back. */
function egressLine(rule: StdioDto["egress"][number]): string {
  if (!rule.port) return rule.host;
  const host = rule.host.includes(":") && !rule.host.startsWith("[") ? `[${rule.host}]` : rule.host;
  return `${host}:${rule.port}`;
}

/** The package as typed, for progress messages: `name@version`. */
export const stdioSpec = (values: StdioFormValues): string => `${values.identifier.trim()}@${values.version.trim()}`;

/** The typed lines as arguments: blank lines are spacing, not empty arguments. */
export const argsOf = (text: string): string[] => text.split(/\r?\n/).filter((line) => line.trim() !== "");

/**
 * The typed hosts as the API's egress rules: `host:port` when a line ends in a port (an IPv6
 * address takes one only in brackets, `[2001:db8::1]:443`), the line as the host otherwise. The
 * API's schema then says what is not a host.
 */
export function egressOf(text: string): { host: string; port?: number }[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .map((line) => {
      const [, host, port] = /^(.+):(\d{1,5})$/.exec(line) ?? [];
      return host && (!host.includes(":") || host.startsWith("[")) ? { host, port: Number(port) } : { host: line };
    });
}

/** The first error of the hosts field, with its line when it is one line's: the API names them by index, the field is one. */
export function egressError(errors: FieldErrors): string | undefined {
  if (errors.egress) return errors.egress;
  const found = Object.entries(errors).find(([key]) => key.startsWith("egress."));
  return found ? `Line ${Number(found[0].split(".")[1]) + 1}: ${found[1]}` : undefined;
}

/** A package typed or pasted with its version (`name@1.2.3`) splits into the two fields; anything else is left as typed. */
export function splitTypedPackage(values: StdioFormValues): StdioFormValues {
  const { identifier, version } = splitPackageSpec(values.identifier.trim());
  return version ? { ...values, identifier, version } : values;
}

/**
 * The env rows' errors keyed by row (`env.<index>.name`), and the API's (keyed by variable name,
 * `env.<NAME>`) moved onto the row that holds that name.
 */
export function envRowErrors(rows: EnvRow[], errors: FieldErrors): { name?: string; value?: string }[] {
  return rows.map((row, i) => ({
    name: errors[`env.${i}.name`] ?? (row.name ? errors[`env.${row.name}`] : undefined),
    value: errors[`env.${i}.value`],
  }));
}

type Validated<T> = { ok: true; payload: T } | { ok: false; errors: FieldErrors };

/** The stdio part of the form as the API takes it, or its errors: the shared schema's, and each row's (a name, said once). */
export function validateStdio(values: StdioFormValues): Validated<StdioConnectionInput> {
  const errors: FieldErrors = {};
  const seen = new Set<string>();
  values.env.forEach((row, i) => {
    const name = row.name.trim();
    if (!name) errors[`env.${i}.name`] = "Enter a variable name, or remove this row.";
    else if (seen.has(name)) errors[`env.${i}.name`] = "This variable is already listed.";
    seen.add(name);
  });
  const parsed = stdioConnectionInput.safeParse({
    transport: "stdio",
    package: { registryType: "npm", identifier: values.identifier.trim(), version: values.version.trim() },
    args: argsOf(values.args),
    env: Object.fromEntries(values.env.filter((row) => row.name.trim()).map((row) => [row.name.trim(), row.value])),
    egress: egressOf(values.egress),
  });
  const all = { ...(parsed.success ? {} : collectFieldErrors(parsed.error.issues)), ...errors };
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors: all };
  return { ok: true, payload: parsed.data };
}
