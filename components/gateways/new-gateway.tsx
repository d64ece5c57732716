"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { BusyButton } from "@/components/app/busy-button";
import { CardSection } from "@/components/app/card-section";
import { FormProblemBanner } from "@/components/app/form-problem";
import { useSaveForm } from "@/components/app/use-save-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { useCreateGateway } from "@/lib/gateways/hooks";
import { DEFAULT_POLICY, gatewayCreate, type GatewayPolicy } from "@/lib/gateways/schema";
import { PolicyFields } from "./policy-fields";
import { ServerChooser, type ChosenServer } from "./server-chooser";

/** Creating a gateway: its name, the servers it serves, and its policy; then its page, where it is connected. */
export function NewGateway() {
  const router = useRouter();
  const create = useCreateGateway();
  const id = useId();
  const [name, setName] = useState("");
  const [chosen, setChosen] = useState<ChosenServer[]>([]);
  const [policy, setPolicy] = useState<GatewayPolicy>(DEFAULT_POLICY);
  const { errors, problem, save } = useSaveForm();
  const saving = create.isPending;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = {
      name,
      servers: chosen.map((c) => ({ serverId: c.serverId, ...(c.prefix.trim() ? { prefix: c.prefix.trim() } : {}) })),
      policy,
    };
    void save(gatewayCreate.safeParse(input), async (checked) => {
      const gateway = await create.mutateAsync(checked);
      toast({ title: "Gateway created", description: `${gateway.name} is ready: connect a client to it.` });
      router.push(`/gateways/${gateway.id}`);
    });
  }

  return (
    <form noValidate onSubmit={submit} className="flex max-w-3xl flex-col gap-6" aria-busy={saving}>
      <FormProblemBanner problem={problem} />
      <CardSection title="Gateway">
        <Field label="Name" required error={errors.name} hint="For you and in your clients' lists, e.g. “Coding agents”.">
          {(control) => <Input {...control} value={name} maxLength={80} autoComplete="off" disabled={saving} onChange={(e) => setName(e.target.value)} />}
        </Field>
      </CardSection>
      <CardSection
        title="Servers"
        description="Agents see the chosen servers' tools, prompts and resources through the gateway. You can change the list, and leave single tools out, later."
      >
        <ServerChooser idPrefix={`${id}-server`} chosen={chosen} errors={errors} disabled={saving} onChange={setChosen} />
        {errors.servers ? <p className="text-sm text-destructive">{errors.servers}</p> : null}
      </CardSection>
      <CardSection title="Policy" description="What the gateway keeps from agents. It decides again whenever a server's definitions or findings change.">
        <PolicyFields idPrefix={`${id}-policy`} policy={policy} disabled={saving} onChange={setPolicy} />
      </CardSection>
      <div className="flex flex-wrap items-center justify-end gap-2">
        <Button asChild variant="outline">
          <Link href="/gateways">Cancel</Link>
        </Button>
        <BusyButton type="submit" busy={saving} busyLabel="Creating">
          Create gateway
        </BusyButton>
      </div>
    </form>
  );
}
