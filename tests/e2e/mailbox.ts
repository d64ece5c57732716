import fs from "node:fs";
import path from "node:path";
import { startSmtpReceiver, type ReceivedMail } from "../support/smtp";

/**
 * The one mail receiver of a run, where the service sends its mail (SMTP_URL on E2E_SMTP_PORT,
 * playwright.config.ts). It is started once, in global-setup.ts, since two workers cannot both
 * listen on that port; the workers cannot share its memory either, so it keeps each mail as a JSON
 * file in E2E_MAIL_DIR, where any worker's tests read it. Mails of the other worker's tests are
 * there too: a test finds its own by a recipient or subject made for it.
 */

const folder = () => process.env.E2E_MAIL_DIR!;

/** Receives mail into E2E_MAIL_DIR until stopped (the folder is removed then). */
export async function startMailbox() {
  let n = 0;
  const receiver = await startSmtpReceiver(Number(process.env.E2E_SMTP_PORT), (mail) => {
    const file = path.join(folder(), `${String(++n).padStart(6, "0")}.json`);
    // Written whole, then renamed: a reader never sees half a mail.
    fs.writeFileSync(`${file}.part`, JSON.stringify(mail));
    fs.renameSync(`${file}.part`, file);
  });
  return {
    async stop() {
      await receiver.stop();
      fs.rmSync(folder(), { recursive: true, force: true });
    },
  };
}

function received(): ReceivedMail[] {
  return fs
    .readdirSync(folder())
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(folder(), f), "utf8")) as ReceivedMail);
}

/** The first mail (already received or arriving) that matches, looked for every 100 ms. */
export async function waitForMail(match: (mail: ReceivedMail) => boolean, timeoutMs = 10_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = received();
    const found = mails.find(match);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No matching mail within ${timeoutMs} ms; received: ${mails.map((m) => m.subject).join(" | ") || "none"}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
