/** The sections of /settings in page order, by the id each one's SettingsSection carries (/settings#plan). */
export const SETTINGS_SECTIONS = [
  { id: "profile", label: "Profile" },
  { id: "security", label: "Sign-in and security" },
  { id: "notifications", label: "Notifications" },
  { id: "channels", label: "Notification channels" },
  { id: "pause-alerts", label: "Pause alerts" },
  { id: "status-pages", label: "Status pages" },
  { id: "maintenance", label: "Maintenance" },
  { id: "api-tokens", label: "API tokens" },
  { id: "connected-apps", label: "Connected apps" },
  { id: "plan", label: "Plan and usage" },
  { id: "cookies", label: "Cookie preferences" },
  { id: "data", label: "Your data" },
  { id: "delete", label: "Delete my account" },
] as const;
