import type { LucideIcon } from "lucide-react";

/**
 * One point of the public pages on a card: an icon, a short title, a sentence.
 * `as` and `heading` fit it into the outline of the page it stands on (a list
 * item under the h1, or an article under an h2).
 */
export function FeatureCard({
  icon: Icon,
  title,
  text,
  as: Box = "article",
  heading: Heading = "h3",
  titleSize = "text-lg",
}: {
  icon: LucideIcon;
  title: string;
  text: string;
  as?: "article" | "li";
  heading?: "h2" | "h3";
  titleSize?: "text-base" | "text-lg";
}) {
  return (
    <Box className="rounded-xl border bg-card p-6 text-card-foreground">
      <Icon className="size-6 text-primary" aria-hidden="true" />
      <Heading className={`mt-4 ${titleSize} font-semibold`}>{title}</Heading>
      <p className="mt-2 text-sm text-muted-foreground">{text}</p>
    </Box>
  );
}
