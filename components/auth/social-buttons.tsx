import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import type { SocialProvider } from "@/lib/auth/social";

const PROVIDERS: Array<{ id: SocialProvider; label: string }> = [
  { id: "google", label: "Continue with Google" },
  { id: "github", label: "Continue with GitHub" },
];

/** The social sign-in choices; the form owns the flow and the busy state. */
export function SocialButtons({
  busy,
  disabled,
  onSelect,
}: {
  busy: SocialProvider | null;
  disabled: boolean;
  onSelect: (provider: SocialProvider) => void;
}) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
      {PROVIDERS.map((p) => (
        <Button key={p.id} type="button" variant="outline" disabled={disabled} onClick={() => onSelect(p.id)}>
          {busy === p.id ? <Spinner size="sm" aria-label={`Signing in with ${p.id === "google" ? "Google" : "GitHub"}`} /> : null}
          {p.label}
        </Button>
      ))}
    </div>
  );
}
