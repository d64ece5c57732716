"use client";

import { buttonVariants } from "@/components/ui/button-variants";
import { useOnDemand } from "./on-demand";
import { ThemeIcon } from "./theme-icon";

const loadMenu = () => import("./theme-menu").then((m) => m.ThemeMenu);

/** The theme button of every header; its menu (./theme-menu) loads when first used. */
export function ThemeSwitch() {
  const { Loaded, prefetch, open } = useOnDemand(loadMenu);
  if (Loaded) return <Loaded defaultOpen />;
  return (
    <button
      type="button"
      aria-label="Theme"
      aria-haspopup="menu"
      aria-expanded="false"
      className={buttonVariants({ variant: "ghost", size: "icon" })}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={open}
    >
      <ThemeIcon />
    </button>
  );
}

