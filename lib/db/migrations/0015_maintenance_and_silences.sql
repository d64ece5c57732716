ALTER TYPE "public"."delivery_status" ADD VALUE 'silenced';--> statement-breakpoint
CREATE TABLE "alert_silences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_uid" text NOT NULL,
	"server_id" uuid,
	"reason" text NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maintenance_window_servers" (
	"window_id" uuid NOT NULL,
	"server_id" uuid NOT NULL,
	CONSTRAINT "maintenance_window_servers_window_id_server_id_pk" PRIMARY KEY("window_id","server_id")
);
--> statement-breakpoint
CREATE TABLE "maintenance_windows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_uid" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_silences" ADD CONSTRAINT "alert_silences_owner_uid_users_uid_fk" FOREIGN KEY ("owner_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_silences" ADD CONSTRAINT "alert_silences_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_window_servers" ADD CONSTRAINT "maintenance_window_servers_window_id_maintenance_windows_id_fk" FOREIGN KEY ("window_id") REFERENCES "public"."maintenance_windows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_window_servers" ADD CONSTRAINT "maintenance_window_servers_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_windows" ADD CONSTRAINT "maintenance_windows_owner_uid_users_uid_fk" FOREIGN KEY ("owner_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_silences_owner_idx" ON "alert_silences" USING btree ("owner_uid") WHERE "alert_silences"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "maintenance_window_servers_server_idx" ON "maintenance_window_servers" USING btree ("server_id");--> statement-breakpoint
CREATE INDEX "maintenance_windows_owner_idx" ON "maintenance_windows" USING btree ("owner_uid","starts_at");