import { makeVisible } from "@/lib/scanner/visible";
import type { DefinitionDiff } from "@/lib/scanner/types";

const CHANGE_TEXT: Record<DefinitionDiff["change"], string> = {
  added: "Not in the baseline: the whole definition is new",
  removed: "In the baseline, no longer offered",
  changed: "What changed",
};

/** A value as a reader sees it: text as it is, anything else as indented JSON; invisible characters shown. */
function shown(value: unknown): string {
  if (value === undefined) return "";
  return makeVisible(typeof value === "string" ? value : JSON.stringify(value, null, 2));
}

function Side({ label, value }: { label: string; value: unknown }) {
  return (
    <div className="min-w-0">
      <p className="text-xs font-medium text-muted-foreground">{label}</p>
      {value === undefined ? (
        <p className="mt-1 text-sm text-muted-foreground italic">absent</p>
      ) : (
        <pre
          className="mt-1 max-h-64 overflow-auto rounded-md border bg-muted/50 p-2 font-mono text-xs whitespace-pre-wrap break-words"
          tabIndex={0}
          aria-label={label}
        >
          {shown(value)}
        </pre>
      )}
    </div>
  );
}

/** The rug-pull diff: each changed JSON pointer with its pinned and current value. */
export function DefinitionDiffView({ diff }: { diff: DefinitionDiff }) {
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm font-medium">{CHANGE_TEXT[diff.change]}</p>
      <ul className="flex flex-col gap-3" aria-label="Changes">
        {diff.entries.map((entry, i) => (
          <li key={`${entry.path}-${i}`} className="rounded-md border p-3">
            <p className="font-mono text-xs break-all">{entry.path || "(the whole definition)"}</p>
            <div className="mt-2 grid gap-3 md:grid-cols-2">
              <Side label="Pinned" value={entry.before} />
              <Side label="Now" value={entry.after} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
