"use client";

import { useState, type FormEvent } from "react";
import { BusyButton } from "@/components/app/busy-button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { useUpdateSettings } from "@/lib/settings/hooks";
import { settingsUpdate, type UserSettings } from "@/lib/settings/schema";
import { SettingsSection } from "./settings-section";

export function ProfileSection({ profile }: { profile: UserSettings["profile"] }) {
  const update = useUpdateSettings();
  const [error, setError] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const displayName = String(new FormData(event.currentTarget).get("displayName") ?? "");
    const parsed = settingsUpdate.safeParse({ displayName });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Enter a display name.");
      return;
    }
    setError(null);
    update.mutate(parsed.data, {
      onSuccess: () => toast({ title: "Profile saved", description: "Your display name was updated." }),
      onError: (err) => setError(err.message),
    });
  }

  const initial = profile.displayName.trim().charAt(0).toUpperCase() || "U";
  return (
    <SettingsSection id="profile" title="Profile" description="How you appear in MCP Console.">
      <div className="flex items-center gap-4">
        {profile.photoUrl ? (
          // The photo comes from the sign-in provider's own host, unknown in advance: next/image cannot be configured for it.
          // eslint-disable-next-line @next/next/no-img-element
          <img src={profile.photoUrl} alt="Your profile photo" className="size-14 rounded-full object-cover" referrerPolicy="no-referrer" />
        ) : (
          <span aria-hidden="true" className="flex size-14 items-center justify-center rounded-full bg-primary text-lg font-semibold text-primary-foreground">
            {initial}
          </span>
        )}
        <div className="min-w-0 text-sm">
          <p className="truncate font-medium">{profile.email}</p>
          <p className="text-muted-foreground">{profile.photoUrl ? "Photo from your sign-in provider." : "No photo: your sign-in provider has none."}</p>
        </div>
      </div>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 sm:max-w-md">
        <Field label="Display name" error={error}>
          {(control) => <Input {...control} name="displayName" defaultValue={profile.displayName} maxLength={80} autoComplete="name" />}
        </Field>
        <div>
          <BusyButton type="submit" busy={update.isPending} busyLabel="Saving">
            Save profile
          </BusyButton>
        </div>
      </form>
    </SettingsSection>
  );
}
