"use client";

import { MessageSquarePlus } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { demoRefusal, DemoSignUp } from "@/components/app/demo-sign-up";
import { RelativeTime } from "@/components/app/relative-time";
import { failureMessage } from "@/lib/api-client/api-error";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { useIncidentUpdates, usePostIncidentUpdate } from "@/lib/status-pages/hooks";
import { incidentUpdateCreate, INCIDENT_UPDATE_MAX } from "@/lib/status-pages/schema";

/**
 * Notes on an incident for the people who read the status pages: what is
 * known, what is being done. Shown on every published page that lists the server.
 */
export function IncidentUpdates({ serverId, incidentId, open }: { serverId: string; incidentId: string; open: boolean }) {
  const updates = useIncidentUpdates(serverId, incidentId);
  const post = usePostIncidentUpdate(serverId, incidentId);
  const [writing, setWriting] = useState(false);
  const [body, setBody] = useState("");
  const [error, setError] = useState<string | null>(null);
  // A demo account publishes nothing: told with the way to sign up, not as a fault of the text.
  const [refused, setRefused] = useState<string | null>(null);
  const id = useId();
  const list = updates.data ?? [];

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = incidentUpdateCreate.safeParse({ body });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Write the update.");
      return;
    }
    setError(null);
    post.mutate(parsed.data.body, {
      onSuccess: () => {
        setBody("");
        setWriting(false);
      },
      onError: (err) => {
        const demo = demoRefusal(err);
        if (demo) setRefused(demo);
        else setError(failureMessage(err));
      },
    });
  }

  if (list.length === 0 && !open) return null;
  return (
    <div className="mt-3 flex flex-col gap-2 border-t pt-3">
      {list.length > 0 ? (
        <ol className="flex flex-col gap-2 border-l-2 pl-3" aria-label="Updates for status pages">
          {list.map((u) => (
            <li key={u.id} className="flex flex-col gap-0.5">
              <span className="text-xs text-muted-foreground">
                <RelativeTime iso={u.createdAt} />
              </span>
              <p className="text-sm whitespace-pre-line break-words">{u.body}</p>
            </li>
          ))}
        </ol>
      ) : null}
      {open && !writing ? (
        <Button variant="ghost" size="sm" className="w-fit" onClick={() => setWriting(true)}>
          <MessageSquarePlus aria-hidden="true" />
          Post an update
        </Button>
      ) : null}
      {writing ? (
        <form onSubmit={submit} className="flex flex-col gap-2" noValidate>
          <Label htmlFor={`${id}-body`}>Update for your status pages</Label>
          <Textarea
            id={`${id}-body`}
            value={body}
            maxLength={INCIDENT_UPDATE_MAX}
            onChange={(e) => setBody(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            placeholder="What you know and what you are doing about it."
            autoFocus
          />
          {error ? (
            <p id={`${id}-error`} className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          {refused ? <DemoSignUp message={refused} /> : null}
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={post.isPending}>
              {post.isPending ? <Spinner size="sm" className="text-current" aria-label="Posting" /> : null}
              Post update
            </Button>
            <Button type="button" variant="outline" size="sm" onClick={() => setWriting(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
