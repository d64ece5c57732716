"use client";

import { AdminNavLink } from "./admin-nav-link";
import { AppNavLinks } from "./app-nav-links";
import { SideMenu } from "./side-menu";

/** The console sidebar's links on a small screen, where the sidebar is hidden. */
export function MobileNav({ isAdmin }: { isAdmin: boolean }) {
  return (
    <SideMenu buttonLabel="Open the console menu" navLabel="Console menu">
      <AppNavLinks />
      {isAdmin ? <AdminNavLink /> : null}
    </SideMenu>
  );
}
