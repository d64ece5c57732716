"use client";

import { NavLink } from "@/components/shell/nav-link";
import { ADMIN_NAV } from "@/lib/nav";

/** The sidebar's entry to the administration pages; the layout renders it for admins only. */
export function AdminNavLink() {
  return <NavLink {...ADMIN_NAV} className="mt-1" />;
}
