"use client";

import { Download } from "lucide-react";
import { Button } from "@/components/ui/button";
import { CookiePreferencesButton } from "@/components/consent/cookie-preferences-button";
import { SettingsSection } from "./settings-section";

export function CookiesSection() {
  return (
    <SettingsSection id="cookies" title="Cookie preferences" description="Which optional cookies this browser allows: analytics and marketing. Essential cookies are always on.">
      <div>
        <CookiePreferencesButton />
      </div>
    </SettingsSection>
  );
}

export function DataSection() {
  return (
    <SettingsSection
      id="data"
      title="Your data"
      description="A JSON file with everything MCP Console stores about you: profile, servers, inventory, workbench history, activity, tickets. Secrets (header values, the webhook secret) are masked."
    >
      <div>
        <Button asChild variant="outline">
          <a href="/api/user/export" download>
            <Download aria-hidden="true" />
            Export all my data
          </a>
        </Button>
      </div>
    </SettingsSection>
  );
}
