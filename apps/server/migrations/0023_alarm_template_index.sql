-- Fan rules (template 101) are looked for after every ingest batch (alarms/engine.ts
-- evaluateFanRules): without an index on the template that was a scan of every alarm's rule per
-- batch, the largest part of the alarm work on a farm with a set point on every sensor.
CREATE INDEX "alarms_rule_template_idx" ON "alarms" USING btree ((("rule"->>'template')::integer));
