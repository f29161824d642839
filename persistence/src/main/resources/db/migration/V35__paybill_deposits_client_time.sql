-- A client's newest paybill deposits (RecentPayments, the console's payments page), like V30's for every other
-- kind of payment: the index by client and reference cannot order a client's deposits by time.
create index paybill_deposits_client_time on paybill_deposits (client_id, created_at);
