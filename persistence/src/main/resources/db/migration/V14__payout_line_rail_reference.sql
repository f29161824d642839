-- A stan is the client's id of one of its payout lines: unique per client, and another client may use the same one.
-- What must be unique across the platform (the reference and idempotency key the rail deduplicates on, the keys of
-- the line's ledger transfers and events, how a rail's callback finds the line) is the line's rail reference:
-- Paywire's own id of the line for lines accepted from now on. A line accepted before keeps its stan as its rail
-- reference, since it may already be with the rail, and its ledger transfers and events are keyed by it.
alter table payout_lines add column rail_reference text;
update payout_lines set rail_reference = system_trace_audit_number;
alter table payout_lines alter column rail_reference set not null;
alter table payout_lines add constraint payout_lines_rail_reference_key unique (rail_reference);

alter table payout_lines drop constraint payout_lines_system_trace_audit_number_key;
alter table payout_lines add constraint payout_lines_client_id_system_trace_audit_number_key
    unique (client_id, system_trace_audit_number);
