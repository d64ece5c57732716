import { SETTINGS_SECTIONS } from "./sections";

/** Links to each section of the long settings page, beside it on a wide screen (a phone scrolls through them). */
export function SettingsNav() {
  return (
    <nav aria-label="Settings sections" className="sticky top-6 hidden lg:block">
      <ul className="flex flex-col gap-0.5 text-sm">
        {SETTINGS_SECTIONS.map((s) => (
          <li key={s.id}>
            <a
              href={`#${s.id}`}
              className="block rounded-md px-3 py-1.5 text-muted-foreground hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
            >
              {s.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
