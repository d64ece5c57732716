-- Servers of transport "stdio": a package run in the sandbox. Its package, program and arguments
-- (servers.stdio), and its environment variables, secrets all, encrypted (server_env).
ALTER TYPE "public"."server_transport" ADD VALUE 'stdio';--> statement-breakpoint
CREATE TABLE "server_env" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"server_id" uuid NOT NULL,
	"name" text NOT NULL,
	"value_enc" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "servers" ADD COLUMN "stdio" jsonb;--> statement-breakpoint
ALTER TABLE "server_env" ADD CONSTRAINT "server_env_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "server_env_server_name_idx" ON "server_env" USING btree ("server_id","name");