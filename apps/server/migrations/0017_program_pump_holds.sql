-- Programs paused by the fault of a pump that feeds them (§3 autoProgramPause), so the pump's
-- recovery resumes exactly those (autoProgramResume) and never a program an operator paused.
CREATE TABLE "program_pump_holds" (
	"program_id" integer NOT NULL,
	"pump_id" integer NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"request_id" integer,
	CONSTRAINT "program_pump_holds_program_id_pump_id_pk" PRIMARY KEY("program_id","pump_id")
);--> statement-breakpoint
ALTER TABLE "program_pump_holds" ADD CONSTRAINT "program_pump_holds_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_pump_holds" ADD CONSTRAINT "program_pump_holds_pump_id_controls_id_fk" FOREIGN KEY ("pump_id") REFERENCES "public"."controls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_pump_holds" ADD CONSTRAINT "program_pump_holds_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE set null ON UPDATE no action;
