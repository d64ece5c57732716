import { startMailbox } from "./mailbox";

/** What the whole run shares, started once before the first worker: the mail receiver. Returns its teardown. */
export default async function globalSetup() {
  const mailbox = await startMailbox();
  return () => mailbox.stop();
}
