-- gateway_relay now holds the questions that await a client's answer (message
-- null until it is answered). The client messages it held before are dropped:
-- no request awaits them.
DELETE FROM "gateway_relay";--> statement-breakpoint
ALTER TABLE "gateway_relay" ALTER COLUMN "message" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "gateway_sessions_token_idx" ON "gateway_sessions" USING btree ("token_id");--> statement-breakpoint
CREATE INDEX "gateway_sessions_grant_idx" ON "gateway_sessions" USING btree ("grant_id");
