-- The check at commit sums one transfer's entries: it reads them by transfer.
create index ledger_entries_transfer on ledger_entries (transfer_id);

-- The database refuses a posted transfer whose entries do not balance: at commit, each POSTED row inserted has
-- exactly two entries, -amount on its debit account and +amount on its credit account.
create function ledger_check_balanced() returns trigger language plpgsql as $$
declare
    entries integer;
    total numeric;
    debits integer;
    credits integer;
begin
    if new.state <> 'POSTED' then
        return null;
    end if;
    select count(*), coalesce(sum(amount), 0),
           count(*) filter (where account_id = new.debit_account and amount = -new.amount),
           count(*) filter (where account_id = new.credit_account and amount = new.amount)
    into entries, total, debits, credits
    from ledger_entries where transfer_id = new.id;
    if entries <> 2 or total <> 0 or debits <> 1 or credits <> 1 then
        raise exception 'posted ledger transfer % (%) does not balance: % entries summing to %, expected -% on % and +% on %',
            new.idempotency_key, new.id, entries, total, new.amount, new.debit_account, new.amount, new.credit_account
            using errcode = 'integrity_constraint_violation';
    end if;
    return null;
end $$;
create constraint trigger ledger_transfers_balanced after insert on ledger_transfers
    deferrable initially deferred
    for each row execute function ledger_check_balanced();

-- Entries belong to a posted transfer, two of them: a third, or one on a pending or voided transfer, is refused,
-- so that the pair the commit check found is the pair for ever.
create function ledger_check_entry() returns trigger language plpgsql as $$
begin
    if not exists (select 1 from ledger_transfers where id = new.transfer_id and state = 'POSTED') then
        raise exception 'ledger entry on transfer %, which is not posted', new.transfer_id;
    end if;
    if (select count(*) from ledger_entries where transfer_id = new.transfer_id) >= 2 then
        raise exception 'ledger transfer % has its two entries already', new.transfer_id;
    end if;
    return new;
end $$;
create trigger ledger_entries_of_posted_transfers before insert on ledger_entries
    for each row execute function ledger_check_entry();
