import "server-only";
import { enforce, hit } from "./service";

/** Outbound connection attempts (test, discover, create, scan) per user per minute. */
const CONNECTS_PER_MINUTE = 30;
const connectKey = (user: { uid: string }) => `mcp-connect:${user.uid}`;

/** Throws 429 when the user is over the connection budget. */
export const spendConnection = (user: { uid: string }) =>
  enforce(connectKey(user), CONNECTS_PER_MINUTE, 60, "Too many connection attempts. Wait a minute and try again.");

/** Counts a connection the user did not ask for explicitly; false when over budget (then skip it). */
export const tryConnection = async (user: { uid: string }) => (await hit(connectKey(user), CONNECTS_PER_MINUTE, 60)).allowed;
