-- Which servers breached when an incident started (issue 17), and per_server Server Tag alerts: one
-- incident per server of the tag. alert_incidents is keyed by the incident's `subject` too (0: the
-- alert's one incident, else the server of a per_server alert's). Same columns as SQLite's
-- 'breaching-servers' module. server_id has no foreign key: a history outlives its server.
ALTER TABLE alerts ADD COLUMN per_server boolean NOT NULL DEFAULT false;
ALTER TABLE alert_histories ADD COLUMN server_id bigint;
ALTER TABLE alert_histories ADD COLUMN breaching_servers jsonb NOT NULL DEFAULT '[]'::jsonb;
ALTER TABLE alert_incidents ADD COLUMN subject bigint NOT NULL DEFAULT 0;
ALTER TABLE alert_incidents DROP CONSTRAINT alert_incidents_pkey;
ALTER TABLE alert_incidents ADD PRIMARY KEY (account_id, alert_id, subject);
