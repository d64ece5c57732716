import "server-only";
import { asc, eq } from "drizzle-orm";
import { db } from "../db";
import { servers } from "../db/schema";

export interface ServerOption {
  id: string;
  name: string;
}

/** The user's servers by name, for filters and pickers: id and name only. */
export async function ownedServerOptions(uid: string): Promise<ServerOption[]> {
  return (await db())
    .select({ id: servers.id, name: servers.name })
    .from(servers)
    .where(eq(servers.ownerUid, uid))
    .orderBy(asc(servers.name));
}
