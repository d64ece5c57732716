"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import type { ConsentChoice, ConsentState } from "@/lib/consent/consent";
import { closeCookiePreferences } from "@/lib/consent/preferences-dialog";
import { saveConsent } from "@/lib/consent/store";
import { ConsentCategories } from "./consent-categories";

/**
 * The cookie-preferences dialog: Reject All, Accept All, Save Preferences.
 * Radix traps focus inside it and closes it on Escape; it is opened without
 * a Radix trigger, so focus is handed back by hand to whatever opened it.
 */
export function CookiePreferencesDialog({ consent }: { consent: ConsentState }) {
  const [draft, setDraft] = useState<ConsentChoice>({ analytics: consent.analytics, marketing: consent.marketing });
  // Captured when the dialog mounts: the control that opened it.
  const [opener] = useState(() => (typeof document === "undefined" ? null : (document.activeElement as HTMLElement | null)));

  const choose = (choice: ConsentChoice) => {
    saveConsent(choice);
    closeCookiePreferences();
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : closeCookiePreferences())}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          if (opener?.isConnected && opener !== document.body) {
            event.preventDefault();
            opener.focus();
          }
        }}
      >
        <DialogHeader>
          <DialogTitle>Cookie preferences</DialogTitle>
          <DialogDescription>
            Choose which cookies MCP Console may use. You can change this at any time: Cookie preferences is in the
            footer, in Settings, and behind the small cookie button at the bottom left.
          </DialogDescription>
        </DialogHeader>
        <ConsentCategories value={draft} onChange={setDraft} idPrefix="cookie-preferences" />
        <DialogFooter className="sm:justify-between">
          <Button variant="outline" onClick={() => choose({ analytics: false, marketing: false })}>
            Reject All
          </Button>
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Button variant="outline" onClick={() => choose({ analytics: true, marketing: true })}>
              Accept All
            </Button>
            <Button onClick={() => choose(draft)}>Save Preferences</Button>
          </div>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
