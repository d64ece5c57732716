import { Badge } from "@/components/ui/badge";

const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** A post's date, reading time and tags, as the blog list and the post show them. */
export function PostMeta({ date, readingMinutes, tags }: { date: string; readingMinutes: number; tags: string[] }) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-muted-foreground">
      <time dateTime={date}>{dateFormat.format(new Date(`${date}T00:00:00Z`))}</time>
      <span aria-hidden="true">·</span>
      <span>{readingMinutes} min read</span>
      {tags.length ? (
        <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
          {tags.map((tag) => (
            <li key={tag}>
              <Badge variant="secondary">{tag}</Badge>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
