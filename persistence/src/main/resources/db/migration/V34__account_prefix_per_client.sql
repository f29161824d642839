-- A paybill deposit's AccountNo prefix names the client by itself: until now every client of one's own shared the
-- sandbox client's prefix, and the short code alone told them apart. From here each short code's prefix is unique,
-- whatever its case (payers type it in either), and the set stays prefix-free: no prefix begins another, so an
-- AccountNo starts with at most one. Prefixes allocated to clients of one's own are three letters (OwnShortCodes).
--
-- Rows that share a prefix: the first keeps it (a code outside the range 600000-699999 kept for clients of one's
-- own first, which is the sandbox client's, then by code); every other gets the next three letters, in order, that
-- neither begin with a prefix kept nor begin one.
with ranked as (
    select short_code, account_prefix,
           row_number() over (partition by upper(account_prefix)
                              order by length(short_code) = 6 and short_code between '600000' and '699999',
                                       short_code) as place
    from client_short_codes),
kept as (
    select upper(account_prefix) as prefix from ranked where place = 1),
letters as (
    select chr(ascii('A') + n) as letter from generate_series(0, 25) n),
free as (
    select candidate, row_number() over (order by candidate) as turn
    from (select a.letter || b.letter || c.letter as candidate from letters a, letters b, letters c) three
    where not exists (select 1 from kept
                      where starts_with(three.candidate, kept.prefix) or starts_with(kept.prefix, three.candidate))),
moved as (
    select short_code, row_number() over (order by short_code) as turn from ranked where place > 1)
update client_short_codes s
set account_prefix = free.candidate
from moved join free on free.turn = moved.turn
where s.short_code = moved.short_code;

-- Routing finds a short code by the prefix an AccountNo starts with (ShortCodeStore.findByAccountNo).
create unique index client_short_codes_account_prefix on client_short_codes (upper(account_prefix));
