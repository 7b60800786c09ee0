-- Rate limits shared by every app process on the database (issue 27): the AI engines' calls
-- per user and engine, the storefront chat's per visitor and per shop. A sliding window of
-- calls per bucket; kept in the database, not in one process's memory, so WORKERS=N (or
-- several servers behind a balancer) count one limit, not N.
create table app.rate_calls (
  bucket text not null,
  at timestamptz not null
);
create index rate_calls_bucket_at on app.rate_calls (bucket, at);

-- Takes one call of `p_bucket` within `p_limit` per `p_window`; answers 0 when taken, else the
-- whole seconds until the oldest call leaves the window (nothing recorded). The bucket's
-- advisory lock makes count-then-insert one step across processes. Calls older than the
-- window go with the bucket's next call; other buckets' old rows now and then (1 in 100).
create function app.take_rate(p_bucket text, p_limit int, p_window interval, p_now timestamptz default clock_timestamp())
returns int language plpgsql as $$
declare
  n int;
  oldest timestamptz;
begin
  perform pg_advisory_xact_lock(hashtext('rate:' || p_bucket));
  delete from app.rate_calls where bucket = p_bucket and at <= p_now - p_window;
  if random() < 0.01 then
    delete from app.rate_calls where at <= p_now - interval '1 day';
  end if;
  select count(*), min(at) into n, oldest from app.rate_calls where bucket = p_bucket;
  if n >= p_limit then
    return greatest(1, ceil(extract(epoch from (oldest + p_window - p_now)))::int);
  end if;
  insert into app.rate_calls (bucket, at) values (p_bucket, p_now);
  return 0;
end $$;
