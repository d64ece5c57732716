CREATE TYPE "public"."alert_channel" AS ENUM('email', 'webhook');--> statement-breakpoint
CREATE TYPE "public"."check_result" AS ENUM('up', 'degraded', 'failed');--> statement-breakpoint
CREATE TYPE "public"."delivery_status" AS ENUM('pending', 'delivered', 'failed');--> statement-breakpoint
CREATE TYPE "public"."finding_severity" AS ENUM('critical', 'high', 'medium', 'low', 'info');--> statement-breakpoint
CREATE TABLE "alert_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_uid" text NOT NULL,
	"server_id" uuid,
	"incident_id" uuid,
	"channel" "alert_channel" NOT NULL,
	"event" text NOT NULL,
	"destination" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" "delivery_status" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"response_status" integer,
	"duration_ms" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "incident_updates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"incident_id" uuid NOT NULL,
	"server_id" uuid NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"server_id" uuid NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"failure_kind" text,
	"reason" text NOT NULL,
	"failed_checks" integer DEFAULT 0 NOT NULL,
	"opened_notified_at" timestamp with time zone,
	"closed_notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "monitor_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"server_id" uuid NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"trigger" text NOT NULL,
	"result" "check_result" NOT NULL,
	"latency_ms" integer,
	"connect_ms" integer,
	"initialize_ms" integer,
	"ping_ms" integer,
	"list_ms" integer,
	"failure_kind" text,
	"reason" text,
	"tool_count" integer,
	"tools_changed" boolean DEFAULT false NOT NULL,
	"instance" text
);
--> statement-breakpoint
CREATE TABLE "monitor_rollups" (
	"server_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"checks" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"degraded" integer DEFAULT 0 NOT NULL,
	"latency_sum_ms" bigint DEFAULT 0 NOT NULL,
	"latency_count" integer DEFAULT 0 NOT NULL,
	"latency_max_ms" integer DEFAULT 0 NOT NULL,
	"latency_hist" integer[] DEFAULT '{}'::integer[] NOT NULL,
	CONSTRAINT "monitor_rollups_server_id_hour_pk" PRIMARY KEY("server_id","hour")
);
--> statement-breakpoint
CREATE TABLE "scan_baselines" (
	"server_id" uuid PRIMARY KEY NOT NULL,
	"pinned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pinned_by" text,
	"items" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scan_findings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scan_id" uuid NOT NULL,
	"server_id" uuid NOT NULL,
	"rule_id" text NOT NULL,
	"severity" "finding_severity" NOT NULL,
	"target_kind" text NOT NULL,
	"target_name" text NOT NULL,
	"target_path" text DEFAULT '' NOT NULL,
	"evidence" text NOT NULL,
	"remediation" text NOT NULL,
	"diff" jsonb
);
--> statement-breakpoint
CREATE TABLE "scans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"server_id" uuid NOT NULL,
	"trigger" text NOT NULL,
	"rule_set" text NOT NULL,
	"rules_run" integer NOT NULL,
	"rules_skipped" integer DEFAULT 0 NOT NULL,
	"counts" jsonb NOT NULL,
	"definitions_hash" text NOT NULL,
	"duration_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "status_page_servers" (
	"page_id" uuid NOT NULL,
	"server_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "status_page_servers_page_id_server_id_pk" PRIMARY KEY("page_id","server_id")
);
--> statement-breakpoint
CREATE TABLE "status_pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_uid" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"show_urls" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "servers" ADD COLUMN "instructions" text;--> statement-breakpoint
ALTER TABLE "servers" ADD COLUMN "tools_hash" text;--> statement-breakpoint
ALTER TABLE "servers" ADD COLUMN "degraded_threshold_ms" integer DEFAULT 2000 NOT NULL;--> statement-breakpoint
ALTER TABLE "servers" ADD COLUMN "consecutive_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "servers" ADD COLUMN "next_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "servers" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "servers" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_updates" ADD CONSTRAINT "incident_updates_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_updates" ADD CONSTRAINT "incident_updates_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_checks" ADD CONSTRAINT "monitor_checks_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_rollups" ADD CONSTRAINT "monitor_rollups_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_baselines" ADD CONSTRAINT "scan_baselines_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_baselines" ADD CONSTRAINT "scan_baselines_pinned_by_users_uid_fk" FOREIGN KEY ("pinned_by") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_findings" ADD CONSTRAINT "scan_findings_scan_id_scans_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."scans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_findings" ADD CONSTRAINT "scan_findings_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_page_servers" ADD CONSTRAINT "status_page_servers_page_id_status_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."status_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_page_servers" ADD CONSTRAINT "status_page_servers_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_pages" ADD CONSTRAINT "status_pages_owner_uid_users_uid_fk" FOREIGN KEY ("owner_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_deliveries_user_created_idx" ON "alert_deliveries" USING btree ("user_uid","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "alert_deliveries_pending_idx" ON "alert_deliveries" USING btree ("next_attempt_at") WHERE "alert_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "incident_updates_incident_idx" ON "incident_updates" USING btree ("incident_id","created_at");--> statement-breakpoint
CREATE INDEX "incidents_server_opened_idx" ON "incidents" USING btree ("server_id","opened_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "incidents_one_open_idx" ON "incidents" USING btree ("server_id") WHERE "incidents"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "incidents_to_notify_idx" ON "incidents" USING btree ("opened_at") WHERE "incidents"."opened_notified_at" is null or ("incidents"."closed_at" is not null and "incidents"."closed_notified_at" is null);--> statement-breakpoint
CREATE UNIQUE INDEX "monitor_checks_server_due_idx" ON "monitor_checks" USING btree ("server_id","due_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "scan_findings_scan_idx" ON "scan_findings" USING btree ("scan_id");--> statement-breakpoint
CREATE INDEX "scan_findings_server_idx" ON "scan_findings" USING btree ("server_id");--> statement-breakpoint
CREATE INDEX "scans_server_created_idx" ON "scans" USING btree ("server_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "status_pages_slug_idx" ON "status_pages" USING btree (lower("slug"));--> statement-breakpoint
CREATE INDEX "status_pages_owner_idx" ON "status_pages" USING btree ("owner_uid");--> statement-breakpoint
CREATE INDEX "servers_next_check_idx" ON "servers" USING btree ("next_check_at") WHERE "servers"."next_check_at" is not null;