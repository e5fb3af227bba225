CREATE TABLE "data_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "data_versions" ("name") VALUES ('sites');--> statement-breakpoint
-- One per statement, not per row: a bulk insert of 500 sites counts once.
CREATE FUNCTION "bump_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "data_versions" SET "version" = "version" + 1 WHERE "name" = TG_ARGV[0];
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sites_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sites"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"('sites');--> statement-breakpoint
CREATE TRIGGER "site_members_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "site_members"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"('sites');
