"use client";

import { FormAlert } from "@/components/auth/form-alert";
import { StatusPagesSection } from "@/components/status-pages/status-pages-section";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useSettings } from "@/lib/settings/client";
import { AccountSecuritySection } from "./account-security-section";
import { CookiesSection, DataSection } from "./data-section";
import { DeleteAccountSection } from "./delete-account-section";
import { NotificationsSection } from "./notifications-section";
import { PlanSection } from "./plan-section";
import { ProfileSection } from "./profile-section";

export function SettingsView() {
  const { data, isPending, isError, error, refetch } = useSettings();
  if (isPending) {
    return (
      <div className="flex flex-col gap-6" aria-label="Loading settings">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-40 w-full" />
        ))}
      </div>
    );
  }
  if (isError) {
    return (
      <FormAlert>
        <p>{error.message}</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void refetch()}>
          Try again
        </Button>
      </FormAlert>
    );
  }
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <ProfileSection profile={data.profile} />
      <AccountSecuritySection emailVerified={data.profile.emailVerified} />
      <NotificationsSection notifications={data.notifications} alertsIncluded={data.plan.features.fullMonitoring} />
      <StatusPagesSection />
      <PlanSection plan={data.plan} usage={data.usage} />
      <CookiesSection />
      <DataSection />
      <DeleteAccountSection email={data.profile.email} />
    </div>
  );
}
