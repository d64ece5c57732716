"use client";

import { Pencil } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { DialogFrame, DialogSubmitFooter } from "@/components/app/dialog-frame";
import { FormProblemBanner } from "@/components/app/form-problem";
import { useSaveForm } from "@/components/app/use-save-form";
import { Button } from "@/components/ui/button";
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
    <DialogFrame
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline">
          <Pencil aria-hidden="true" />
          Edit
        </Button>
      }
      title={`Edit ${gateway.name}`}
      description="The endpoint URL stays the same; connected agents see the change at their next list."
      className="max-h-[90vh] overflow-y-auto sm:max-w-lg"
    >
      {/* Mounted while open: each opening starts from the saved values. */}
      {open ? <EditForm gateway={gateway} onDone={() => setOpen(false)} /> : null}
    </DialogFrame>
  );
}

function EditForm({ gateway, onDone }: { gateway: GatewayDto; onDone: () => void }) {
  const update = useUpdateGateway(gateway.id);
  const id = useId();
  const [name, setName] = useState(gateway.name);
  const [policy, setPolicy] = useState<GatewayPolicy>(gateway.policy);
  const { errors, problem, save } = useSaveForm();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void save(gatewayUpdate.safeParse({ name, policy }), async (input) => {
      const saved = await update.mutateAsync(input);
      toast({ title: "Changes saved", description: saved.name });
      onDone();
    });
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5" aria-busy={update.isPending}>
      <FormProblemBanner problem={problem} />
      <Field label="Name" required error={errors.name}>
        {(control) => <Input {...control} value={name} maxLength={80} autoComplete="off" onChange={(e) => setName(e.target.value)} />}
      </Field>
      <PolicyFields idPrefix={`${id}-policy`} policy={policy} disabled={update.isPending} onChange={setPolicy} />
      <DialogSubmitFooter busy={update.isPending} busyLabel="Saving">
        Save changes
      </DialogSubmitFooter>
    </form>
  );
}
