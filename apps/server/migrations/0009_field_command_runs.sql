-- The program run that sent a command (program_runs is keyed by its program's id): a settled
-- command wakes exactly that run instead of every live run being searched for it.
ALTER TABLE "field_commands" ADD COLUMN "program_run_id" integer;--> statement-breakpoint
ALTER TABLE "field_commands" ADD CONSTRAINT "field_commands_program_run_id_program_runs_program_id_fk" FOREIGN KEY ("program_run_id") REFERENCES "public"."program_runs"("program_id") ON DELETE set null ON UPDATE no action;
