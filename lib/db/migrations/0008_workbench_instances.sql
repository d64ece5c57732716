CREATE TABLE "workbench_server_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_uid" text NOT NULL,
	"instance" text NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb NOT NULL,
	"answer" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workbench_subscriptions" (
	"user_uid" text NOT NULL,
	"server_id" uuid NOT NULL,
	"uri" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workbench_subscriptions_user_uid_server_id_uri_pk" PRIMARY KEY("user_uid","server_id","uri")
);
--> statement-breakpoint
ALTER TABLE "workbench_server_requests" ADD CONSTRAINT "workbench_server_requests_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workbench_subscriptions" ADD CONSTRAINT "workbench_subscriptions_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workbench_subscriptions" ADD CONSTRAINT "workbench_subscriptions_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;