-- A notice per writing statement, naming its table, for the process's own caches of embedded
-- PGlite (src/db/table-versions.ts). Only a session that listens itself is told: PGlite's single
-- session does; on PostgreSQL no writer listens, so no commit there takes the notify queue's lock.
CREATE FUNCTION "notify_table_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF 'table_changed' IN (SELECT pg_listening_channels()) THEN
    PERFORM pg_notify('table_changed', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_changed"();--> statement-breakpoint
CREATE TRIGGER "sites_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sites"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_changed"();--> statement-breakpoint
CREATE TRIGGER "site_members_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "site_members"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_changed"();--> statement-breakpoint
CREATE TRIGGER "areas_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "areas"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_changed"();--> statement-breakpoint
CREATE TRIGGER "area_members_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "area_members"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_changed"();--> statement-breakpoint
CREATE TRIGGER "sections_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sections"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_changed"();--> statement-breakpoint
CREATE TRIGGER "radios_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "radios"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_changed"();--> statement-breakpoint
CREATE TRIGGER "units_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "units"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_changed"();--> statement-breakpoint
CREATE TRIGGER "sensors_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sensors"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_changed"();--> statement-breakpoint
CREATE TRIGGER "controls_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "controls"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_changed"();--> statement-breakpoint
CREATE TRIGGER "programs_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "programs"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_changed"();--> statement-breakpoint
CREATE TRIGGER "alarms_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "alarms"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_changed"();--> statement-breakpoint
CREATE TRIGGER "contacts_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "contacts"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_changed"();
