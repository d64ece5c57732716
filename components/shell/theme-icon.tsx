import { Moon, Sun } from "lucide-react";

/** The current theme's icon, chosen by CSS: the theme is set before React runs. */
export function ThemeIcon() {
  return (
    <>
      <Sun className="size-4 dark:hidden" aria-hidden="true" />
      <Moon className="hidden size-4 dark:block" aria-hidden="true" />
    </>
  );
}
