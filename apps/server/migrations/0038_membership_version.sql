-- A version of everything the lists of a member's sites are read from (permissions/access.ts):
-- on PostgreSQL the fleet view asks this one row instead of reading 500 sites' lists again.
-- Only the writes that can change a list bump it: memberships, a user's own privileges, and an
-- area made, removed or moved (which places an area's list). The areas' and users' other
-- columns (status, faults, sign-in times) are written often and change no list.
INSERT INTO "data_versions" ("name") VALUES ('memberships');--> statement-breakpoint
CREATE TRIGGER "site_members_membership_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "site_members"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"('memberships');--> statement-breakpoint
CREATE TRIGGER "area_members_membership_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "area_members"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"('memberships');--> statement-breakpoint
CREATE TRIGGER "users_membership_version" AFTER INSERT OR UPDATE OF "privileges" OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"('memberships');--> statement-breakpoint
CREATE TRIGGER "areas_membership_version" AFTER INSERT OR UPDATE OF "site_id" OR DELETE OR TRUNCATE ON "areas"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"('memberships');
