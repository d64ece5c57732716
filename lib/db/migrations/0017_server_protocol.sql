-- The protocol revision each server is spoken to in ("auto" negotiates, a revision pins it),
-- and what the last negotiation found (internal: never sent to clients).
ALTER TABLE "servers" ADD COLUMN "protocol" text DEFAULT 'auto' NOT NULL;--> statement-breakpoint
ALTER TABLE "servers" ADD COLUMN "protocol_prior" jsonb;