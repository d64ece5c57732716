/** @jest-environment node */
import { env } from "@/lib/env";
import { mailEnabled, sendInBackground, sendMail } from "@/lib/mail/service";
import { logger } from "@/lib/log";
import { startSmtpReceiver, type SmtpReceiver } from "../../support/smtp";

let smtp: SmtpReceiver;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
});
afterAll(async () => {
  env().smtpUrl = undefined;
  await smtp.stop();
});

describe("mail", () => {
  it("is off without SMTP_URL: nothing is sent and nothing fails", async () => {
    env().smtpUrl = undefined;
    expect(mailEnabled()).toBe(false);
    await expect(sendMail({ to: "a@example.com", subject: "x", text: "y" })).resolves.toBe(false);
  });

  it("delivers through the configured SMTP server, with non-ASCII text intact", async () => {
    env().smtpUrl = smtp.url;
    expect(mailEnabled()).toBe(true);
    const long = "Ligne très longue ".repeat(20);
    await expect(sendMail({ to: ["ops@example.com", "ops@example.com", "dev@example.com"], subject: "Größe — ✓ ready", text: `Bonjour,\n${long}\nfin` })).resolves.toBe(true);
    const mail = await smtp.waitFor((m) => m.subject === "Größe — ✓ ready");
    expect(mail.to).toEqual(["ops@example.com", "dev@example.com"]);
    expect(mail.from).toBe("no-reply@localhost");
    expect(mail.text.trim()).toBe(`Bonjour,\n${long}\nfin`);
  });

  it("reports an unreachable server in the background without throwing", async () => {
    env().smtpUrl = "smtp://127.0.0.1:1";
    const warnings: string[] = [];
    const log = { ...logger(), warn: (msg: string) => warnings.push(msg) };
    await expect(sendInBackground({ to: "a@example.com", subject: "lost", text: "x" }, log)).resolves.toBeUndefined();
    expect(warnings).toEqual(["mail not sent"]);
  });
});
