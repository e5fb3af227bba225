-- The why of every run (issue 30 item 6): each decision a program's start took (start as set,
-- skip, scale; the flow supervisor's shut-off will join as another kind), with the request it
-- decided, the decision as decideSkip made it (every rule's check and the readings it used) and
-- its sentence. Read newest first per program, paged by id.
CREATE TABLE "program_decisions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"program_id" integer NOT NULL REFERENCES "programs"("id") ON DELETE cascade,
	"area_id" integer NOT NULL REFERENCES "areas"("id") ON DELETE cascade,
	"site_id" integer NOT NULL REFERENCES "sites"("id") ON DELETE cascade,
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"request_id" integer,
	"decision" jsonb NOT NULL,
	"sentence" text NOT NULL
);--> statement-breakpoint
CREATE INDEX "program_decisions_program_idx" ON "program_decisions" USING btree ("program_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX "program_decisions_request_idx" ON "program_decisions" USING btree ("request_id", "kind");
