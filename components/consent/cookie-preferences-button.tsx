"use client";

import { Cookie } from "lucide-react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { openCookiePreferences } from "@/lib/consent/preferences-dialog";

/** A normal button that opens the site-wide cookie-preferences dialog (e.g. on the settings page). */
export function CookiePreferencesButton({ children = "Cookie preferences", variant = "outline", ...props }: ButtonProps) {
  return (
    <Button variant={variant} aria-haspopup="dialog" onClick={openCookiePreferences} {...props}>
      <Cookie aria-hidden="true" />
      {children}
    </Button>
  );
}
