import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { ProcessStateDto } from "@/lib/servers/responses";
import type { StdioDto } from "@/lib/servers/stdio-schema";
import { StdioProcessState } from "./stdio-process-state";
import { DEFAULT_LIMITS } from "@/lib/sandbox/spec";
import { formatBytes } from "@/lib/bytes";
import { plural } from "@/lib/plural";

/** What the sandbox allows every stdio server (docs/stdio.md has why each limit is what it is). */
const LIMITS: [string, string][] = [
  ["Memory", `${formatBytes(DEFAULT_LIMITS.memoryBytes)}, its private folder's files included`],
  ["CPU time", `${DEFAULT_LIMITS.cpuSeconds} s over the life of a process`],
  ["Processes", `${plural(DEFAULT_LIMITS.processes, "process", "processes")} and threads together`],
  ["Private folder", `${formatBytes(DEFAULT_LIMITS.folderBytes)}, emptied when the process ends`],
  ["Output", `${formatBytes(DEFAULT_LIMITS.outputBytes)} between two requests`],
  ["Stray lines", `${plural(DEFAULT_LIMITS.strayLines, "line")} in a row on stdout that are not MCP messages (logs belong on stderr)`],
  ["Files", "The system's programs and its own package, read-only; nothing of the console's"],
];

/** What the server may reach: nothing, or its egress list through the console's proxy. */
function networkOf(egress: StdioDto["egress"]): string {
  if (egress.length === 0) return "None: it reaches no host, the console's included";
  const hosts = egress.map((rule) => (rule.port ? `${rule.host}:${rule.port}` : `${rule.host} (ports 443 and 80)`));
  return `Only ${hosts.join(", ")}, through the console's proxy and under its outbound address policy`;
}

/**
 * A server that runs as a command: what runs, as it was installed (its
 * integrity as npm checked it), its sandbox's limits and its process. The
 * settings tab's form edits its version, arguments, variables and hosts.
 */
export function StdioPackageCard({ stdio, process = null }: { stdio: StdioDto; process?: ProcessStateDto | null }) {
  const { package: pkg, integrity, args, env, egress } = stdio;
  const limits: [string, string][] = [...LIMITS, ["Network", networkOf(egress)]];
  return (
    <Card className="max-w-3xl">
      <CardHeader>
        <CardTitle as="h2" className="text-base">
          Runs as a command
        </CardTitle>
        <CardDescription>
          The console starts this npm package in its sandbox, with no access to the host’s files, network or secrets. Change its version, arguments,
          variables and hosts in the form below; another package is another server.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="text-muted-foreground">Package</dt>
          <dd className="font-mono break-all">
            {pkg.identifier}@{pkg.version}
          </dd>
          <dt className="text-muted-foreground">Integrity</dt>
          <dd className="font-mono break-all">{integrity ?? "Not recorded"}</dd>
          <dt className="text-muted-foreground">Arguments</dt>
          <dd className="font-mono break-all">{args.length ? args.join(" ") : "None"}</dd>
          <dt className="text-muted-foreground">Environment</dt>
          <dd className="break-all">{env.length ? <span className="font-mono">{env.join(", ")}</span> : "None"}</dd>
        </dl>
        {env.length ? <p className="mt-3 text-xs text-muted-foreground">Values are encrypted at rest and never shown again.</p> : null}
        <h3 className="mt-6 text-sm font-medium">Sandbox limits</h3>
        <p className="mt-1 text-xs text-muted-foreground">A process that goes past one is stopped, and the call that was running fails with the reason.</p>
        <dl aria-label="Sandbox limits" className="mt-3 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]">
          {limits.map(([name, value]) => (
            <div key={name} className="contents">
              <dt className="text-muted-foreground">{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <StdioProcessState process={process} />
      </CardContent>
    </Card>
  );
}
