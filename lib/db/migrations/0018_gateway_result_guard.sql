ALTER TABLE "gateways" ADD COLUMN "result_instructions" text DEFAULT 'redact' NOT NULL;--> statement-breakpoint
ALTER TABLE "gateways" ADD COLUMN "result_secrets" text DEFAULT 'redact' NOT NULL;