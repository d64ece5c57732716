"use client";

import { useEffect, useState } from "react";
import { Check, Copy } from "lucide-react";

import { Button } from "@/components/ui/button";

interface CopyButtonProps {
  /** Computed on click, so large values are serialised only when copied. */
  text: () => string;
  /** Accessible name, e.g. "Copy JSON". */
  label?: string;
}

/** Copies to the clipboard and says so next to the button (a polite live region). */
export function CopyButton({ text, label = "Copy" }: CopyButtonProps) {
  const [status, setStatus] = useState<"idle" | "copied" | "failed">("idle");

  useEffect(() => {
    if (status === "idle") return;
    const timer = setTimeout(() => setStatus("idle"), 2000);
    return () => clearTimeout(timer);
  }, [status]);

  async function copy() {
    try {
      // Absent outside secure contexts (plain http on another host).
      if (!navigator.clipboard) throw new Error("Clipboard unavailable");
      await navigator.clipboard.writeText(text());
      setStatus("copied");
    } catch {
      setStatus("failed");
    }
  }

  return (
    <span className="inline-flex items-center gap-1.5">
      <Button type="button" variant="ghost" size="sm" className="h-7 px-2" onClick={copy}>
        {status === "copied" ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        {label}
      </Button>
      <span role="status" className="text-xs text-muted-foreground">
        {status === "copied" ? "Copied" : status === "failed" ? "Could not copy" : ""}
      </span>
    </span>
  );
}
