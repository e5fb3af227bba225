-- When a settled command's settlement was queued for its listeners (the program runner): a
-- process killed between settling a command and queueing that left the run waiting until it gave
-- the command up as unanswered. The deadline sweep now queues those it finds (issue 19).
ALTER TABLE "field_commands" ADD COLUMN "announced_at" timestamp with time zone;--> statement-breakpoint
-- Commands settled before this column were announced then.
UPDATE "field_commands" SET "announced_at" = "updated_at" WHERE "status" in ('done', 'failed', 'timedOut');--> statement-breakpoint
CREATE INDEX "field_commands_unannounced_idx" ON "field_commands" USING btree ("updated_at") WHERE "field_commands"."announced_at" is null and "field_commands"."status" in ('done', 'failed', 'timedOut');
