CREATE TABLE "budget_pools" (
	"id" varchar(19) PRIMARY KEY NOT NULL,
	"code" varchar(64) NOT NULL,
	"name" varchar(200) NOT NULL,
	"fiscal_year_id" varchar(19),
	"department_id" varchar(19),
	"channel_id" varchar(19),
	"subject_id" varchar(19),
	"amount" numeric(20, 2) NOT NULL,
	"used" numeric(20, 2) DEFAULT '0' NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "budget_pools_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "dealers" (
	"id" varchar(19) PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(200) NOT NULL,
	"province_id" varchar(19),
	"channel_id" varchar(19),
	"department_id" varchar(19),
	"contact" varchar(100),
	"mobile" varchar(32),
	"is_active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dealers_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "departments" (
	"id" varchar(19) PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(200) NOT NULL,
	"parent_id" varchar(19),
	"leader_id" varchar(19),
	"sort" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "departments_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"id" varchar(19) PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(100) NOT NULL,
	"mobile" varchar(32),
	"email" varchar(200),
	"department_id" varchar(19),
	"post_id" varchar(19),
	"is_area_manager" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "employees_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" varchar(19) PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"size" bigint NOT NULL,
	"type" varchar(100) NOT NULL,
	"storage_name" varchar(64) NOT NULL,
	"owner_id" varchar(19) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "form_definition_versions" (
	"code" varchar(64) NOT NULL,
	"version" integer NOT NULL,
	"definition" jsonb NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" varchar(32),
	CONSTRAINT "form_definition_versions_code_version_pk" PRIMARY KEY("code","version")
);
--> statement-breakpoint
CREATE TABLE "form_definitions" (
	"code" varchar(64) PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"form_type" integer DEFAULT 0 NOT NULL,
	"draft" jsonb,
	"draft_saved_at" timestamp with time zone,
	"latest_version" integer DEFAULT 0 NOT NULL,
	"record_count" bigint DEFAULT 0 NOT NULL,
	"row_mod_user" varchar(32),
	"row_mod_date" varchar(100)
);
--> statement-breakpoint
CREATE TABLE "language_keys" (
	"locale" varchar(8) NOT NULL,
	"namespace" varchar(32) NOT NULL,
	"key" varchar(200) NOT NULL,
	"value" text NOT NULL,
	"updated_by" varchar(32),
	CONSTRAINT "language_keys_locale_namespace_key_pk" PRIMARY KEY("locale","namespace","key")
);
--> statement-breakpoint
CREATE TABLE "master_data" (
	"id" varchar(19) PRIMARY KEY NOT NULL,
	"kind" varchar(32) NOT NULL,
	"code" varchar(64) NOT NULL,
	"name" varchar(200) NOT NULL,
	"names" jsonb,
	"parent_id" varchar(19),
	"level" integer,
	"ref_type" varchar(64),
	"extra" jsonb,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menus" (
	"id" varchar(19) PRIMARY KEY NOT NULL,
	"parent_id" varchar(19),
	"name" jsonb NOT NULL,
	"path" varchar(300),
	"icon" varchar(64),
	"portal" varchar(8) DEFAULT 'emp' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "number_counters" (
	"form_code" varchar(64) NOT NULL,
	"period" varchar(8) NOT NULL,
	"seq" integer NOT NULL,
	CONSTRAINT "number_counters_form_code_period_pk" PRIMARY KEY("form_code","period")
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" varchar(19) PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(200) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "posts_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "qr_tickets" (
	"ticket_hash" varchar(64) PRIMARY KEY NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"user_id" varchar(19),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "record_unique_values" (
	"form_code" varchar(64) NOT NULL,
	"field_key" varchar(64) NOT NULL,
	"value" varchar(200) NOT NULL,
	"record_id" varchar(19) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "records" (
	"id" varchar(19) PRIMARY KEY NOT NULL,
	"form_code" varchar(64) NOT NULL,
	"number" varchar(50) NOT NULL,
	"title" varchar(200),
	"is_you_xiao" varchar(1) DEFAULT '1' NOT NULL,
	"row_create_id" varchar(32) NOT NULL,
	"row_create_bu_men_id" varchar(32),
	"row_create_date" varchar(100) NOT NULL,
	"row_mod_user" varchar(32),
	"row_mod_date" varchar(100),
	"state_name" varchar(100),
	"shen_pi_zhuang_tai" varchar(2) DEFAULT '0' NOT NULL,
	"shen_pi_ren" varchar(32),
	"shi_yong_jue_se_id" varchar(32),
	"ti_jiao_liu_cheng_time" varchar(100),
	"liu_cheng_gui_dang_time" varchar(100),
	"shen_pi_call_back_failure" varchar(1) DEFAULT '0' NOT NULL,
	"liu_cheng_id" varchar(64),
	"definition_version" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"data" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_menus" (
	"role_id" varchar(19) NOT NULL,
	"menu_id" varchar(19) NOT NULL,
	CONSTRAINT "role_menus_role_id_menu_id_pk" PRIMARY KEY("role_id","menu_id")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" varchar(19) PRIMARY KEY NOT NULL,
	"code" varchar(64) NOT NULL,
	"name" jsonb NOT NULL,
	"portal" varchar(8) DEFAULT 'emp' NOT NULL,
	CONSTRAINT "roles_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" varchar(19) PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"user_id" varchar(19) NOT NULL,
	"emp_session_id" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"duo_yu_yan_type" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" varchar(19) NOT NULL,
	"role_id" varchar(19) NOT NULL,
	CONSTRAINT "user_roles_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" varchar(19) PRIMARY KEY NOT NULL,
	"username" varchar(64) NOT NULL,
	"password_hash" text NOT NULL,
	"kind" varchar(16) NOT NULL,
	"employee_id" varchar(19),
	"dealer_id" varchar(19),
	"display_name" varchar(100) NOT NULL,
	"mobile" varchar(32),
	"is_admin" boolean DEFAULT false NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"jiao_jie_ren_ids" text DEFAULT '' NOT NULL,
	"duo_yu_yan_type" integer DEFAULT 1 NOT NULL,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"demo_password" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username")
);
--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_definition_versions" ADD CONSTRAINT "form_definition_versions_code_form_definitions_code_fk" FOREIGN KEY ("code") REFERENCES "public"."form_definitions"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_tickets" ADD CONSTRAINT "qr_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_unique_values" ADD CONSTRAINT "record_unique_values_record_id_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_menus" ADD CONSTRAINT "role_menus_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_menus" ADD CONSTRAINT "role_menus_menu_id_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "employees_department_idx" ON "employees" USING btree ("department_id");--> statement-breakpoint
CREATE UNIQUE INDEX "master_data_kind_code_uq" ON "master_data" USING btree ("kind","ref_type","code");--> statement-breakpoint
CREATE INDEX "master_data_kind_sort_idx" ON "master_data" USING btree ("kind","sort","id");--> statement-breakpoint
CREATE INDEX "menus_parent_idx" ON "menus" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "record_unique_values_uq" ON "record_unique_values" USING btree ("form_code","field_key","value");--> statement-breakpoint
CREATE INDEX "record_unique_values_record_idx" ON "record_unique_values" USING btree ("record_id");--> statement-breakpoint
CREATE UNIQUE INDEX "records_form_number_uq" ON "records" USING btree ("form_code","number");--> statement-breakpoint
CREATE INDEX "records_form_valid_id_idx" ON "records" USING btree ("form_code","is_you_xiao","id");--> statement-breakpoint
CREATE INDEX "records_form_creator_idx" ON "records" USING btree ("form_code","row_create_id","id");--> statement-breakpoint
CREATE INDEX "records_form_status_idx" ON "records" USING btree ("form_code","shen_pi_zhuang_tai","id");--> statement-breakpoint
CREATE INDEX "records_data_gin" ON "records" USING gin ("data" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");