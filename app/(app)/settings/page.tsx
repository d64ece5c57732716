import type { Metadata } from "next";
import { PageHeader } from "@/components/app/page-header";
import { SettingsView } from "@/components/settings/settings-view";

export const metadata: Metadata = { title: "Settings" };

export default function Page() {
  return (
    <>
      <PageHeader title="Settings" description="Your profile, sign-in, notifications, plan and data." />
      <SettingsView />
    </>
  );
}
