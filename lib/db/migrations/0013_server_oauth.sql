CREATE TABLE "server_oauth" (
	"server_id" uuid PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'authorization_required' NOT NULL,
	"reason" text,
	"client_enc" text,
	"discovery" jsonb,
	"tokens_enc" text,
	"expires_at" timestamp with time zone,
	"last_refresh_at" timestamp with time zone,
	"verifier_enc" text,
	"state_hash" text,
	"state_uid" text,
	"state_expires_at" timestamp with time zone,
	"refresh_lease_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "servers" ADD COLUMN "auth_type" text DEFAULT 'headers' NOT NULL;--> statement-breakpoint
ALTER TABLE "server_oauth" ADD CONSTRAINT "server_oauth_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;