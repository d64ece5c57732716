CREATE TABLE "alert_flap_states" (
	"server_id" uuid PRIMARY KEY NOT NULL,
	"flapping_since" timestamp with time zone,
	"last_change_at" timestamp with time zone,
	"last_summary_at" timestamp with time zone,
	"changes_since_summary" integer DEFAULT 0 NOT NULL,
	"review_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "alert_flap_states" ADD CONSTRAINT "alert_flap_states_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_flap_states_review_idx" ON "alert_flap_states" USING btree ("review_at") WHERE "alert_flap_states"."review_at" is not null;