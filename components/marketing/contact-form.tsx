"use client";

import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { FormAlert } from "@/components/auth/form-alert";
import { FormField } from "@/components/auth/form-field";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { ApiError } from "@/lib/api/api-error";
import { apiSend } from "@/lib/api/client";
import { fieldErrors, formValues, type FieldErrors } from "@/lib/auth/forms";
import { CONTACT_LIMITS, HONEYPOT_FIELD, contactSchema, type ContactInput } from "@/lib/contact/schema";

type Errors = FieldErrors<ContactInput>;

/** The server's `validation_failed` details, as field errors of this form. */
function serverFieldErrors(err: unknown): Errors | null {
  if (!(err instanceof ApiError) || err.status !== 400) return null;
  const details = (err.data as { details?: { path: string; message: string }[] } | undefined)?.details;
  if (!Array.isArray(details)) return null;
  const errors: Record<string, string> = {};
  for (const d of details) if (d.path && !(d.path in errors)) errors[d.path] = d.message;
  return errors as Errors;
}

/**
 * The public contact form. The same zod schema as the API checks it before
 * sending; whatever the server still refuses is shown on the same fields.
 */
export function ContactForm() {
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const messageId = useId();
  const confirmation = useRef<HTMLHeadingElement>(null);
  // The confirmation takes focus once it is on the page (after an await the render is not immediate).
  useEffect(() => {
    if (sentTo) confirmation.current?.focus();
  }, [sentTo]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const focus = (name: string) => (form.elements.namedItem(name) as HTMLElement | null)?.focus();
    const parsed = contactSchema.safeParse(formValues(form));
    const found = fieldErrors(parsed);
    setErrors(found);
    setFormError(null);
    if (!parsed.success) {
      const first = Object.keys(found)[0];
      if (first) focus(first);
      return;
    }
    setSending(true);
    try {
      await apiSend("POST", "/api/contact", parsed.data);
      setSentTo(parsed.data.email);
      form.reset();
    } catch (err) {
      const fromServer = serverFieldErrors(err);
      if (fromServer && Object.keys(fromServer).length) {
        setErrors(fromServer);
        focus(Object.keys(fromServer)[0]);
      } else if (err instanceof ApiError && err.status === 429) {
        setFormError(err.message.replace(/^429: /, ""));
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

  const messageError = errors.message;
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-busy={sending}>
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <FormField name="name" label="Name" autoComplete="name" required maxLength={CONTACT_LIMITS.name} error={errors.name} />
      <FormField
        name="email"
        type="email"
        label="Email"
        autoComplete="email"
        inputMode="email"
        required
        maxLength={CONTACT_LIMITS.email}
        error={errors.email}
      />
      <FormField name="subject" label="Subject" required maxLength={CONTACT_LIMITS.subject} error={errors.subject} />
      <div className="flex flex-col gap-2">
        <Label htmlFor={messageId}>Message</Label>
        <Textarea
          id={messageId}
          name="message"
          rows={7}
          required
          maxLength={CONTACT_LIMITS.message}
          aria-invalid={messageError ? true : undefined}
          aria-describedby={messageError ? `${messageId}-error` : `${messageId}-hint`}
        />
        {messageError ? (
          <p id={`${messageId}-error`} className="text-sm text-destructive">
            {messageError}
          </p>
        ) : (
          <p id={`${messageId}-hint`} className="text-xs text-muted-foreground">
            At least {CONTACT_LIMITS.messageMin} characters. Please do not include passwords or API keys.
          </p>
        )}
      </div>
      {/* The honeypot: off-screen, out of the tab order and hidden from assistive technology. */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
        <label htmlFor={`${messageId}-${HONEYPOT_FIELD}`}>Leave this field empty</label>
        <input id={`${messageId}-${HONEYPOT_FIELD}`} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
      </div>
      <div>
        <Button type="submit" disabled={sending}>
          {sending ? <Spinner size="sm" aria-label="Sending" className="text-current" /> : null}
          Send message
        </Button>
      </div>
    </form>
  );
}
