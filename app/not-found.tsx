import Link from "next/link";
import type { Metadata } from "next";

export const metadata: Metadata = { title: "Page not found", robots: { index: false } };

export default function NotFound() {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-6 py-24 text-center">
      <p className="text-sm font-semibold text-primary">404</p>
      <h1 className="text-3xl font-bold tracking-tight">Page not found</h1>
      <p className="text-muted-foreground">
        The page you asked for does not exist or has moved. Check the address, or start again from the home page.
      </p>
      <div className="flex gap-3">
        <Link className="rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground" href="/">
          Go to the home page
        </Link>
        <Link className="rounded-md border px-4 py-2 text-sm font-medium" href="/dashboard">
          Open the console
        </Link>
      </div>
    </main>
  );
}
