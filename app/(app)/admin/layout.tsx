import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { AdminTabs } from "@/components/admin/admin-tabs";
import { PageHeader } from "@/components/app/page-header";
import { currentUser } from "@/lib/auth/current-user";

/** Administration exists only for administrators: anyone else gets the not-found page. */
export default async function AdminLayout({ children }: { children: ReactNode }) {
  const user = await currentUser();
  if (user?.role !== "admin") notFound();
  return (
    <>
      <PageHeader title="Administration" description="Users, plans and the support inbox." />
      <AdminTabs />
      {children}
    </>
  );
}
