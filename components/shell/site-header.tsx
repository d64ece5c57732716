import Link from "next/link";
import { buttonVariants } from "@/components/ui/button";
import { PUBLIC_NAV, SITE } from "@/lib/site";
import { Logo } from "./logo";
import { SideMenu } from "./side-menu";
import { ThemeSwitch } from "./theme-switch";

/*
 * Links on the public site do not prefetch: the pages are static and answer
 * at once, while prefetching every link in view costs a phone CPU time right
 * when the page is becoming interactive.
 */
export function SiteHeader() {
  return (
    <header className="sticky top-0 z-header border-b bg-background/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:px-6 md:gap-6">
        {/* Below md the section links do not fit in the bar: they move into a menu. */}
        <div className="md:hidden">
          <SideMenu buttonLabel="Open the site menu" navLabel="Site menu">
            <ul className="flex flex-col gap-1">
              {PUBLIC_NAV.map((item) => (
                <li key={item.href}>
                  <Link prefetch={false} href={item.href} className="block rounded-md px-3 py-2 text-sm hover:bg-accent">
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </SideMenu>
        </div>
        <Link prefetch={false} href="/" className="flex items-center gap-2 font-semibold" aria-label={`${SITE.name} home`}>
          <Logo />
          <span className="hidden sm:inline">{SITE.name}</span>
        </Link>
        <nav aria-label="Main" className="hidden flex-1 items-center gap-5 text-sm md:flex">
          {PUBLIC_NAV.map((item) => (
            <Link prefetch={false} key={item.href} href={item.href} className="text-muted-foreground hover:text-foreground">
              {item.label}
            </Link>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <ThemeSwitch />
          <Link prefetch={false} href="/auth/login" className={buttonVariants({ variant: "ghost", size: "sm" })}>
            Sign in
          </Link>
          <Link prefetch={false} href="/auth/register" className={buttonVariants({ size: "sm" })}>
            Create account
          </Link>
        </div>
      </div>
    </header>
  );
}
