-- The fleet view (issue 33 item 4): the radios that may need a person (overdue, faulted or below
-- §9's 3.3 V battery threshold), by site. GET fleet for support staff reads them across 500 sites
-- of 200 radios each: without it every call scanned all 100,000 radios (58 ms of its 140 on
-- PostgreSQL, npm run bench:fleet) for the 3.5 % that match. The predicate is the repository's,
-- word for word, so the planner can use it.
CREATE INDEX "radios_attention_idx" ON "radios" USING btree ("site_id") WHERE "radios"."overdue" OR "radios"."fault" OR "radios"."battery_value" < 3.3;
