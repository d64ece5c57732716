import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/**
 * A titled part of a page or of a long form, on its own card; `action` sits at
 * the end of the title row. The content is a column unless `contentClassName`
 * lays it out otherwise.
 */
export function CardSection({
  title,
  description,
  action,
  className,
  contentClassName = "flex flex-col gap-5",
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
  contentClassName?: string;
  children: ReactNode;
}) {
  return (
    <Card className={className}>
      <CardHeader className={action ? "flex-row flex-wrap items-center justify-between gap-2" : undefined}>
        <CardTitle as="h2" className="text-base">
          {title}
        </CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
        {action}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
