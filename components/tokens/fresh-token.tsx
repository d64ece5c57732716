import type { ReactNode } from "react";
import { CopyButton } from "@/components/app/copy-button";
import { Button } from "@/components/ui/button";

/** A token just created: shown this once, to copy, with what to know about it (`children`) and a button to put it away. */
export function FreshToken({ token, done, onDone, children }: { token: string; done: string; onDone: () => void; children: ReactNode }) {
  return (
    <div role="status" className="flex flex-col gap-2 rounded-md border border-warning bg-warning/10 p-3">
      <p className="text-sm">{children}</p>
      <code data-testid="fresh-token" className="rounded bg-muted px-2 py-1 font-mono text-sm wrap-anywhere">
        {token}
      </code>
      <div className="flex flex-wrap items-center gap-2">
        <CopyButton text={() => token} label="Copy token" />
        <Button variant="secondary" size="sm" onClick={onDone}>
          {done}
        </Button>
      </div>
    </div>
  );
}
