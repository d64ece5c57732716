CREATE TYPE "public"."finding_decision_status" AS ENUM('accepted', 'false_positive');--> statement-breakpoint
CREATE TABLE "finding_decisions" (
	"server_id" uuid NOT NULL,
	"fingerprint" text NOT NULL,
	"status" "finding_decision_status" NOT NULL,
	"reason" text,
	"decided_by" text,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rule_id" text NOT NULL,
	"target_kind" text NOT NULL,
	"target_name" text NOT NULL,
	"target_path" text NOT NULL,
	CONSTRAINT "finding_decisions_server_id_fingerprint_pk" PRIMARY KEY("server_id","fingerprint")
);
--> statement-breakpoint
DROP INDEX "scan_findings_server_idx";--> statement-breakpoint
ALTER TABLE "scan_findings" ADD COLUMN "fingerprint" text;--> statement-breakpoint
-- Findings stored before stable ids get theirs, computed as lib/scanner/fingerprint.ts does.
UPDATE "scan_findings" SET "fingerprint" = left(encode(sha256(convert_to(concat_ws(E'\x1f', "rule_id", "target_kind", "target_name", "target_path", encode(sha256(convert_to("evidence", 'UTF8')), 'hex')), 'UTF8')), 'hex'), 16);--> statement-breakpoint
ALTER TABLE "scan_findings" ALTER COLUMN "fingerprint" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "finding_decisions" ADD CONSTRAINT "finding_decisions_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finding_decisions" ADD CONSTRAINT "finding_decisions_decided_by_users_uid_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scan_findings_server_fingerprint_idx" ON "scan_findings" USING btree ("server_id","fingerprint");