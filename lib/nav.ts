import { Activity, FlaskConical, LayoutDashboard, LifeBuoy, Server, Settings, ShieldCheck, Waypoints } from "lucide-react";

/** The signed-in sidebar: the console's pages. */
export const APP_NAV = [
  { href: "/dashboard", label: "Dashboard", icon: LayoutDashboard },
  { href: "/servers", label: "Servers", icon: Server },
  { href: "/gateways", label: "Gateways", icon: Waypoints },
  { href: "/workbench", label: "Workbench", icon: FlaskConical },
  { href: "/activity", label: "Activity", icon: Activity },
  { href: "/support", label: "Support", icon: LifeBuoy },
  { href: "/settings", label: "Settings", icon: Settings },
] as const;

/** Shown to administrators only (the layout checks the role). */
export const ADMIN_NAV = { href: "/admin", label: "Admin", icon: ShieldCheck } as const;
