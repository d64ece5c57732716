import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "../env";
import type { Logger } from "../log";

export interface Mail {
  to: string | string[];
  subject: string;
  text: string;
}

/** Whether this installation sends mail at all (SMTP_URL set). */
export function mailEnabled(): boolean {
  return Boolean(env().smtpUrl);
}

let cached: { url: string; transport: Transporter } | undefined;

function transport(url: string): Transporter {
  if (cached?.url !== url) {
    cached?.transport.close();
    // Short timeouts: a dead mail server must not hold requests or pile up sockets.
    cached = {
      url,
      transport: nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }),
    };
  }
  return cached.transport;
}

/** Sends one mail; false when mail is off. Throws when the SMTP server refuses it. */
export async function sendMail(mail: Mail): Promise<boolean> {
  const url = env().smtpUrl;
  if (!url) return false;
  const to = [...new Set(Array.isArray(mail.to) ? mail.to : [mail.to])];
  if (to.length === 0) return false;
  await transport(url).sendMail({ from: env().mailFrom, to, subject: mail.subject, text: mail.text });
  return true;
}

/**
 * Sends without making the caller wait: notifications must never fail or
 * slow the action that caused them. A failure is logged (without the SMTP URL,
 * which carries a password).
 */
export function sendInBackground(mail: Mail, log: Logger): Promise<void> {
  return sendMail(mail).then(
    () => undefined,
    (err: Error) => {
      log.warn("mail not sent", { subject: mail.subject, reason: err.message });
    },
  );
}
