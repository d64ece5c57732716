"use client";

import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { BusyButton } from "@/components/app/busy-button";
import { EmailField } from "@/components/app/email-field";
import { FormAlert } from "@/components/app/form-alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { ApiError, userMessage } from "@/lib/api-client/api-error";
import { apiSend } from "@/lib/api-client/fetch";
import { ERROR_STATUS } from "@/lib/api-contract/error-codes";
import { CONTACT_LIMITS, HONEYPOT_FIELD } from "@/lib/contact/fields";
import type { ContactInput } from "@/lib/contact/schema";
import { focusFirstError, serverFieldErrors } from "@/lib/forms/fields";
import { useSchemaForm } from "@/lib/forms/use-schema-form";

/**
 * The public contact form. The same zod schema as the API checks it before
 * sending, loaded on the first submit; whatever the server still refuses is
 * shown on the same fields.
 */
export function ContactForm() {
  const { errors, setErrors, submit } = useSchemaForm(() => import("@/lib/contact/schema").then((m) => m.contactSchema));
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const honeypotId = useId();
  const confirmation = useRef<HTMLHeadingElement>(null);
  // The confirmation takes focus once it is on the page (after an await the render is not immediate).
  useEffect(() => {
    if (sentTo) confirmation.current?.focus();
  }, [sentTo]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    const parsed = await submit(event);
    setFormError(null);
    if (!parsed) return;
    const { form } = parsed;
    setSending(true);
    try {
      await apiSend("POST", "/api/contact", parsed.data);
      setSentTo(parsed.data.email);
      form.reset();
    } catch (err) {
      const fromServer = serverFieldErrors<ContactInput>(err);
      if (fromServer && Object.keys(fromServer).length) {
        setErrors(fromServer);
        focusFirstError(form, fromServer);
      } else if (err instanceof ApiError && err.status === ERROR_STATUS.rate_limited) {
        setFormError(userMessage(err));
      } else {
        setFormError("Your message could not be sent. Check your connection and try again.");
      }
    } finally {
      setSending(false);
    }
  }

  if (sentTo) {
    return (
      <div className="flex flex-col gap-4 rounded-xl border bg-card p-6" role="status">
        <h2 ref={confirmation} tabIndex={-1} className="text-xl font-semibold outline-hidden">
          Thank you — your message has been sent
        </h2>
        <p className="text-muted-foreground">
          We have received it and will reply to <strong className="text-foreground">{sentTo}</strong>, usually within
          two working days.
        </p>
        <div>
          <Button variant="outline" onClick={() => setSentTo(null)}>
            Send another message
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-busy={sending}>
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <Field label="Name" error={errors.name}>
        {(control) => <Input {...control} name="name" autoComplete="name" required maxLength={CONTACT_LIMITS.name} />}
      </Field>
      <EmailField error={errors.email} maxLength={CONTACT_LIMITS.email} />
      <Field label="Subject" error={errors.subject}>
        {(control) => <Input {...control} name="subject" required maxLength={CONTACT_LIMITS.subject} />}
      </Field>
      <Field
        label="Message"
        error={errors.message}
        // The error says what is wrong; the hint would only repeat the rule.
        hint={errors.message ? undefined : `At least ${CONTACT_LIMITS.messageMin} characters. Please do not include passwords or API keys.`}
      >
        {(control) => <Textarea {...control} name="message" rows={7} required maxLength={CONTACT_LIMITS.message} />}
      </Field>
      {/* The honeypot: off-screen, out of the tab order and hidden from assistive technology. */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
        <label htmlFor={`${honeypotId}-${HONEYPOT_FIELD}`}>Leave this field empty</label>
        <input id={`${honeypotId}-${HONEYPOT_FIELD}`} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
      </div>
      <div>
        <BusyButton type="submit" busy={sending} busyLabel="Sending">
          Send message
        </BusyButton>
      </div>
    </form>
  );
}
