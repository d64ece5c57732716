DROP INDEX "monitor_checks_server_due_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "monitor_checks_server_due_idx" ON "monitor_checks" USING btree ("server_id","due_at" DESC NULLS LAST);