import { capabilityBadges } from "./capabilities";

export function CapabilityList({ capabilities }: { capabilities: Record<string, unknown> | null | undefined }) {
  const badges = capabilityBadges(capabilities);
  if (badges.length === 0) return <p className="text-sm text-muted-foreground">None declared.</p>;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Capabilities">
      {badges.map((b) => (
        <li
          key={b.name}
          className="inline-flex items-center gap-1 rounded-md border bg-accent px-2 py-0.5 font-mono text-xs text-accent-foreground"
          title={b.detail ? `${b.name}: ${b.detail}` : b.name}
        >
          {b.name}
          {b.detail ? <span className="font-sans text-[11px] opacity-80">· {b.detail}</span> : null}
        </li>
      ))}
    </ul>
  );
}
