"use client";

import { Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { BusyButton } from "@/components/app/busy-button";
import { AlertDialog, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogFooter, AlertDialogHeader, AlertDialogTitle, AlertDialogTrigger } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { failureMessage } from "@/lib/api-client/api-error";
import { useDeleteServer } from "@/lib/servers/hooks";
import type { ServerDto } from "@/lib/servers/schema";

/** Deleting is for good, so the user types the server's name to confirm. */
export function DeleteServer({ server }: { server: ServerDto }) {
  const router = useRouter();
  const remove = useDeleteServer(server.id);
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | null>(null);
  const confirmed = typed.trim() === server.name;

  async function confirm() {
    setError(null);
    try {
      await remove.mutateAsync();
      setOpen(false);
      toast({ title: "Server deleted", description: `${server.name} and its inventory were removed.` });
      router.replace("/servers");
    } catch (err) {
      setError(failureMessage(err));
    }
  }

  return (
    <Card className="max-w-3xl border-destructive/50">
      <CardHeader>
        <CardTitle as="h2" className="text-base text-destructive">
          Delete this server
        </CardTitle>
        <CardDescription>Removes the server, its stored headers and its inventory. This cannot be undone.</CardDescription>
      </CardHeader>
      <CardContent>
        <AlertDialog
          open={open}
          onOpenChange={(next) => {
            setOpen(next);
            if (!next) {
              setTyped("");
              setError(null);
            }
          }}
        >
          <AlertDialogTrigger asChild>
            <Button variant="destructive">
              <Trash2 aria-hidden="true" />
              Delete server
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <form
              className="grid gap-4"
              onSubmit={(e) => {
                e.preventDefault();
                if (confirmed && !remove.isPending) void confirm();
              }}
            >
              <AlertDialogHeader>
                <AlertDialogTitle>Delete {server.name}?</AlertDialogTitle>
                <AlertDialogDescription>
                  The server, its encrypted headers and its inventory are deleted for good. Its past activity stays in your log.
                </AlertDialogDescription>
              </AlertDialogHeader>
              <Field
                label={
                  <>
                    Type <span className="rounded bg-muted px-1 font-mono">{server.name}</span> to confirm
                  </>
                }
                // Announced: it arrives after the request, away from where the person is looking.
                error={error ? <span role="alert">{error}</span> : undefined}
              >
                {(control) => <Input {...control} value={typed} autoComplete="off" spellCheck={false} onChange={(e) => setTyped(e.target.value)} />}
              </Field>
              <AlertDialogFooter>
                <AlertDialogCancel type="button">Cancel</AlertDialogCancel>
                {/* A plain submit button: the dialog's Action would close it before the request ends. */}
                <BusyButton type="submit" variant="destructive" busy={remove.isPending} busyLabel="Deleting" disabled={!confirmed}>
                  Delete server
                </BusyButton>
              </AlertDialogFooter>
            </form>
          </AlertDialogContent>
        </AlertDialog>
      </CardContent>
    </Card>
  );
}
