"use client";

import { Menu } from "lucide-react";
import type { ReactNode } from "react";
import { buttonVariants } from "@/components/ui/button-variants";
import { useOnDemand } from "./on-demand";

const loadPanel = () => import("./side-menu-panel").then((m) => m.SideMenuPanel);

/**
 * A header's links on a small screen, where they do not fit: a menu button
 * whose panel (./side-menu-panel) loads when first used.
 */
export function SideMenu({ buttonLabel, navLabel, children }: { buttonLabel: string; navLabel: string; children: ReactNode }) {
  const { Loaded, prefetch, open } = useOnDemand(loadPanel);
  if (Loaded) {
    return (
      <Loaded buttonLabel={buttonLabel} navLabel={navLabel} defaultOpen>
        {children}
      </Loaded>
    );
  }
  return (
    <button
      type="button"
      aria-label={buttonLabel}
      aria-haspopup="dialog"
      aria-expanded="false"
      className={buttonVariants({ variant: "ghost", size: "icon" })}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={open}
    >
      <Menu aria-hidden="true" className="size-5" />
    </button>
  );
}
