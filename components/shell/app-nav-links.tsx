"use client";

import { APP_NAV } from "@/lib/nav";
import { NavLink } from "./nav-link";

export function AppNavLinks() {
  return (
    <ul className="space-y-1">
      {APP_NAV.map((item) => (
        <li key={item.href}>
          <NavLink {...item} />
        </li>
      ))}
    </ul>
  );
}
