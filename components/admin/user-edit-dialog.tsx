"use client";

import { useId, useState, type FormEvent } from "react";
import { FormAlert } from "@/components/auth/form-alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { useUpdateUser } from "@/lib/admin/client";
import { ROLES, type AdminUser, type Role } from "@/lib/admin/schema";
import { PLAN_IDS, PLANS, type PlanId } from "@/lib/plans";

/** The expiry is picked as a day and lasts until the end of it, UTC. */
const endOfDayUtc = (day: string) => `${day}T23:59:59.999Z`;

export function UserEditDialog({ user }: { user: AdminUser }) {
  const update = useUpdateUser(user.uid);
  const ids = { role: useId(), plan: useId(), expires: useId() };
  const [open, setOpen] = useState(false);
  const [role, setRole] = useState<Role>(user.role);
  const [plan, setPlan] = useState<PlanId>(user.plan);
  const [expires, setExpires] = useState(user.expiresAt?.slice(0, 10) ?? "");
  const [error, setError] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    update.mutate(
      { role, plan, expiresAt: plan === "free tier" || !expires ? null : endOfDayUtc(expires) },
      {
        onSuccess: () => {
          toast({ title: "User updated", description: user.email });
          setOpen(false);
        },
        onError: (err) => setError(err.message),
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Edit ${user.email}`}>
          Edit
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={onSubmit} className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>Edit {user.displayName}</DialogTitle>
            <DialogDescription>{user.email}</DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-2">
            <Label htmlFor={ids.role}>Role</Label>
            <Select value={role} onValueChange={(v) => setRole(v as Role)}>
              <SelectTrigger id={ids.role}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {ROLES.map((r) => (
                  <SelectItem key={r} value={r}>
                    {r === "admin" ? "Administrator" : "User"}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={ids.plan}>Plan</Label>
            <Select value={plan} onValueChange={(v) => setPlan(v as PlanId)}>
              <SelectTrigger id={ids.plan}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {PLAN_IDS.map((p) => (
                  <SelectItem key={p} value={p}>
                    {PLANS[p].label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={ids.expires}>Plan ends after (optional)</Label>
            <Input
              id={ids.expires}
              type="date"
              value={expires}
              onChange={(e) => setExpires(e.target.value)}
              disabled={plan === "free tier"}
              aria-describedby={`${ids.expires}-hint`}
            />
            <p id={`${ids.expires}-hint`} className="text-xs text-muted-foreground">
              {plan === "free tier" ? "The free tier has no end." : "Empty: no end. After this day (UTC) the user is back on the free tier."}
            </p>
          </div>
          {error ? <FormAlert>{error}</FormAlert> : null}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? <Spinner size="sm" aria-label="Saving" className="text-current" /> : null}
              Save
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
