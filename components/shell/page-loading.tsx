import { Spinner } from "@/components/ui/spinner";

/**
 * The spinner while a page loads. Each route group's loading.tsx shows it,
 * rather than one at the root: a root loading boundary would wrap every page,
 * so a page that is not found (a public status page that was unpublished)
 * would already have answered 200 before it knows.
 */
export function PageLoading() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner size="lg" />
    </div>
  );
}
