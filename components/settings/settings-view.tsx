"use client";

import { LoadError } from "@/components/app/load-error";
import { Loading, SkeletonRows } from "@/components/app/loading";
import { StatusPagesSection } from "./status-pages-section";
import { MaintenanceSection } from "./maintenance-section";
import { PauseAlertsSection } from "./pause-alerts-section";
import { useSettings } from "@/lib/settings/hooks";
import { AccountSecuritySection } from "./account-security-section";
import { ApiTokensSection } from "./api-tokens-section";
import { ConnectedAppsSection } from "./connected-apps-section";
import { CookiesSection, DataSection } from "./data-section";
import { DeleteAccountSection } from "./delete-account-section";
import { ChannelsSection } from "./channels-section";
import { NotificationsSection } from "./notifications-section";
import { PlanSection } from "./plan-section";
import { ProfileSection } from "./profile-section";
import { SettingsNav } from "./settings-nav";
import { isDemoAccount } from "@/lib/plans/demo";
import { planFor } from "@/lib/plans/holder";

export function SettingsView() {
  const settings = useSettings();
  if (settings.isPending) {
    return (
      <Loading label="Loading your settings…" className="flex flex-col gap-6">
        <SkeletonRows className="h-40 w-full" />
      </Loading>
    );
  }
  if (settings.isError) return <LoadError what="your settings" query={settings} />;
  const { data } = settings;
  return (
    <div className="grid items-start gap-8 lg:grid-cols-[12rem_minmax(0,48rem)]">
      <SettingsNav />
      <div className="flex min-w-0 flex-col gap-6">
        <ProfileSection profile={data.profile} />
        <AccountSecuritySection emailVerified={data.profile.emailVerified} />
        <NotificationsSection notifications={data.notifications} alertsIncluded={planFor(data.profile.uid, data.plan.tier).allows.alerts} />
        <ChannelsSection />
        <PauseAlertsSection />
        <StatusPagesSection />
        <MaintenanceSection />
        <ApiTokensSection />
        <ConnectedAppsSection />
        <PlanSection plan={data.plan} usage={data.usage} demo={isDemoAccount(data.profile.uid)} />
        <CookiesSection />
        <DataSection />
        <DeleteAccountSection email={data.profile.email} />
      </div>
    </div>
  );
}
