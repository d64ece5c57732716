"use client";

import { Search } from "lucide-react";
import { useEffect, useState, useSyncExternalStore } from "react";
import { buttonVariants } from "@/components/ui/button-variants";
import { cn } from "@/lib/utils";
import { useOnDemand } from "./on-demand";

const loadPalette = () => import("./command-palette").then((m) => m.CommandPalette);

const noSubscription = () => () => {};
const shortcutHere = () => (/Mac|iPhone|iPad/.test(navigator.platform) ? "⌘K" : "Ctrl K");
const shortcutOnServer = () => "Ctrl K";

/**
 * The console header's way to every page, server and gateway: a button, and
 * ⌘K / Ctrl K from anywhere. The palette (./command-palette, with cmdk) loads
 * the first time it is asked for.
 */
export function CommandPaletteButton({ isAdmin }: { isAdmin: boolean }) {
  const { Loaded, prefetch, open: load } = useOnDemand(loadPalette);
  const [open, setOpen] = useState(false);
  const shortcut = useSyncExternalStore(noSubscription, shortcutHere, shortcutOnServer);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && !event.altKey && event.key.toLowerCase() === "k") {
        // The browser's own Ctrl K (its search bar) gives way to the console's.
        event.preventDefault();
        load();
        setOpen((was) => !was);
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [load]);

  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K"
        className={cn(buttonVariants({ variant: "outline", size: "sm" }), "gap-2 text-muted-foreground")}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => {
          load();
          setOpen(true);
        }}
      >
        <Search aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">Go to…</span>
        <kbd aria-hidden="true" className="hidden rounded border bg-muted px-1.5 font-mono text-[0.7rem] sm:inline">
          {shortcut}
        </kbd>
      </button>
      {Loaded ? <Loaded open={open} onOpenChange={setOpen} isAdmin={isAdmin} /> : null}
    </>
  );
}
