import Link from "next/link";
import { buttonVariants } from "@/components/ui/button";
import { PUBLIC_NAV, SITE } from "@/lib/site";
import { Logo } from "./logo";

/*
 * Links on the public site do not prefetch: the pages are static and answer
 * at once, while prefetching every link in view costs a phone CPU time right
 * when the page is becoming interactive.
 */
export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-6 px-4 sm:px-6">
        <Link prefetch={false} href="/" className="flex items-center gap-2 font-semibold" aria-label={`${SITE.name} home`}>
          <Logo />
          <span className="hidden min-[400px]:inline">{SITE.name}</span>
        </Link>
        <nav aria-label="Main" className="hidden flex-1 items-center gap-5 text-sm md:flex">
          {PUBLIC_NAV.map((item) => (
            <Link prefetch={false} key={item.href} href={item.href} className="text-muted-foreground hover:text-foreground">
              {item.label}
            </Link>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2">
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
