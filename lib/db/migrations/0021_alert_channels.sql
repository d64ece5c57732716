ALTER TYPE "public"."alert_channel" ADD VALUE 'slack';--> statement-breakpoint
ALTER TYPE "public"."alert_channel" ADD VALUE 'discord';--> statement-breakpoint
ALTER TYPE "public"."alert_channel" ADD VALUE 'teams';--> statement-breakpoint
ALTER TYPE "public"."alert_channel" ADD VALUE 'pagerduty';--> statement-breakpoint
ALTER TYPE "public"."alert_channel" ADD VALUE 'ntfy';--> statement-breakpoint
ALTER TYPE "public"."alert_channel" ADD VALUE 'telegram';--> statement-breakpoint
CREATE TABLE "alert_channels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_uid" text NOT NULL,
	"name" text NOT NULL,
	"kind" "alert_channel" NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secret_enc" text NOT NULL,
	"destination" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_alert_channels" (
	"server_id" uuid PRIMARY KEY NOT NULL,
	"channels" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD COLUMN "channel_id" uuid;--> statement-breakpoint
ALTER TABLE "alert_channels" ADD CONSTRAINT "alert_channels_owner_uid_users_uid_fk" FOREIGN KEY ("owner_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_alert_channels" ADD CONSTRAINT "server_alert_channels_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_channels_owner_idx" ON "alert_channels" USING btree ("owner_uid","created_at");--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_channel_id_alert_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."alert_channels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_deliveries_channel_idx" ON "alert_deliveries" USING btree ("channel_id","created_at" DESC NULLS LAST) WHERE "alert_deliveries"."channel_id" is not null;