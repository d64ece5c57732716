"use client";

import { useState, type FormEvent } from "react";
import { DialogFrame, DialogSubmitFooter } from "@/components/app/dialog-frame";
import { OptionSelect, optionsOf } from "@/components/app/option-select";
import { FormAlert } from "@/components/app/form-alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { useUpdateUser } from "@/lib/admin/hooks";
import { ROLES, roleName, type AdminUser, type Role } from "@/lib/admin/schema";
import { PLAN_IDS, PLANS, type PlanId } from "@/lib/plans/table";

/** The expiry is picked as a day and lasts until the end of it, UTC. */
const endOfDayUtc = (day: string) => `${day}T23:59:59.999Z`;

export function UserEditDialog({ user }: { user: AdminUser }) {
  const update = useUpdateUser(user.uid);
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
    <DialogFrame
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline" size="sm" aria-label={`Edit ${user.email}`}>
          Edit
        </Button>
      }
      title={`Edit ${user.displayName}`}
      description={user.email}
    >
      <form onSubmit={onSubmit} className="flex flex-col gap-4">
        <Field label="Role">
          {(control) => <OptionSelect control={control} value={role} onChange={(v) => setRole(v as Role)} options={optionsOf(ROLES, roleName)} />}
        </Field>
        <Field label="Plan">
          {(control) => (
            <OptionSelect control={control} value={plan} onChange={(v) => setPlan(v as PlanId)} options={optionsOf(PLAN_IDS, (p) => PLANS[p].label)} />
          )}
        </Field>
        <Field
          label="Plan ends after (optional)"
          hint={plan === "free tier" ? "The free tier has no end." : "Empty: no end. After this day (UTC) the user is back on the free tier."}
        >
          {(control) => <Input {...control} type="date" value={expires} onChange={(e) => setExpires(e.target.value)} disabled={plan === "free tier"} />}
        </Field>
        {error ? <FormAlert>{error}</FormAlert> : null}
        <DialogSubmitFooter busy={update.isPending} busyLabel="Saving">
          Save
        </DialogSubmitFooter>
      </form>
    </DialogFrame>
  );
}
