ALTER TYPE "public"."api_token_scope" ADD VALUE 'gateway';--> statement-breakpoint
CREATE TABLE "gateway_relay" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"message" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateway_servers" (
	"gateway_id" uuid NOT NULL,
	"server_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"prefix" text NOT NULL,
	"tools" jsonb,
	"prompts" jsonb,
	"resources" jsonb,
	CONSTRAINT "gateway_servers_gateway_id_server_id_pk" PRIMARY KEY("gateway_id","server_id")
);
--> statement-breakpoint
CREATE TABLE "gateway_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gateway_id" uuid NOT NULL,
	"token_id" uuid,
	"client_name" text DEFAULT '' NOT NULL,
	"client_version" text DEFAULT '' NOT NULL,
	"client_capabilities" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"protocol_version" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateways" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_uid" text NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"block_severity" text DEFAULT 'high' NOT NULL,
	"quarantine_changed" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "gateway_id" uuid;--> statement-breakpoint
ALTER TABLE "gateway_servers" ADD CONSTRAINT "gateway_servers_gateway_id_gateways_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."gateways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_servers" ADD CONSTRAINT "gateway_servers_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_sessions" ADD CONSTRAINT "gateway_sessions_gateway_id_gateways_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."gateways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_sessions" ADD CONSTRAINT "gateway_sessions_token_id_api_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."api_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateways" ADD CONSTRAINT "gateways_owner_uid_users_uid_fk" FOREIGN KEY ("owner_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_servers_prefix_idx" ON "gateway_servers" USING btree ("gateway_id","prefix");--> statement-breakpoint
CREATE INDEX "gateway_servers_server_idx" ON "gateway_servers" USING btree ("server_id");--> statement-breakpoint
CREATE INDEX "gateway_sessions_gateway_idx" ON "gateway_sessions" USING btree ("gateway_id");--> statement-breakpoint
CREATE INDEX "gateway_sessions_seen_idx" ON "gateway_sessions" USING btree ("last_seen_at");--> statement-breakpoint
CREATE UNIQUE INDEX "gateways_slug_idx" ON "gateways" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "gateways_owner_name_idx" ON "gateways" USING btree ("owner_uid",lower("name"));--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_gateway_id_gateways_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."gateways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_events_gateway_idx" ON "activity_events" USING btree ("target_id","created_at" DESC NULLS LAST) WHERE "activity_events"."target_type" = 'gateway';