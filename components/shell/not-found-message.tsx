import { NotFoundCard } from "@/components/app/not-found-card";

/** What a missing page says, on the public site (under its header) and in the console (under the console's header). */
export function NotFoundMessage({ home, homeLabel }: { home: string; homeLabel: string }) {
  return (
    <NotFoundCard title="Page not found" href={home} action={`Go to ${homeLabel.toLowerCase()}`} className="px-6 py-16">
      The page you asked for does not exist, has moved, or is not yours to see. Check the address, or start again from {homeLabel.toLowerCase()}.
    </NotFoundCard>
  );
}
