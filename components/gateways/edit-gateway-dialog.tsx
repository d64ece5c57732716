"use client";

import { Pencil } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { BusyButton } from "@/components/app/busy-button";
import { FormAlert } from "@/components/app/form-alert";
import { collectFieldErrors, mapSaveError, type FieldErrors, type FormProblem } from "@/components/app/save-error";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { useUpdateGateway } from "@/lib/gateways/hooks";
import { gatewayUpdate, type GatewayDto, type GatewayPolicy } from "@/lib/gateways/schema";
import { PolicyFields } from "./policy-fields";

/** The gateway's name and policy; its servers are edited in the Servers tab. */
export function EditGatewayDialog({ gateway }: { gateway: GatewayDto }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Pencil aria-hidden="true" />
          Edit
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Edit {gateway.name}</DialogTitle>
          <DialogDescription>The endpoint URL stays the same; connected agents see the change at their next list.</DialogDescription>
        </DialogHeader>
        {/* Mounted while open: each opening starts from the saved values. */}
        {open ? <EditForm gateway={gateway} onDone={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EditForm({ gateway, onDone }: { gateway: GatewayDto; onDone: () => void }) {
  const update = useUpdateGateway(gateway.id);
  const id = useId();
  const [name, setName] = useState(gateway.name);
  const [policy, setPolicy] = useState<GatewayPolicy>(gateway.policy);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<FormProblem | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = gatewayUpdate.safeParse({ name, policy });
    if (!parsed.success) {
      setErrors(collectFieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setProblem(null);
    try {
      const saved = await update.mutateAsync(parsed.data);
      toast({ title: "Changes saved", description: saved.name });
      onDone();
    } catch (err) {
      const mapped = mapSaveError(err);
      setErrors(mapped.fields);
      setProblem(mapped.problem);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5" aria-busy={update.isPending}>
      {problem ? <FormAlert>{problem.message}</FormAlert> : null}
      <Field label="Name" required error={errors.name}>
        {(control) => <Input {...control} value={name} maxLength={80} autoComplete="off" onChange={(e) => setName(e.target.value)} />}
      </Field>
      <PolicyFields idPrefix={`${id}-policy`} policy={policy} disabled={update.isPending} onChange={setPolicy} />
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            Cancel
          </Button>
        </DialogClose>
        <BusyButton type="submit" busy={update.isPending} busyLabel="Saving">
          Save changes
        </BusyButton>
      </DialogFooter>
    </form>
  );
}
