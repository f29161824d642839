-- What the rail credits (a wallet, bank account, paybill or till), resolved from the request's two business
-- shapes when the line was accepted, and the account paid at a paybill (echoed as transaction.customerAccountNo).
alter table payout_lines add column credit_account text;
alter table payout_lines add column account_reference text;
