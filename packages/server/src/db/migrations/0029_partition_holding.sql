-- Where the newest rows of a table partitioned by a time column begin (narrow-text-search.ts, a list read
-- newest first): the lower bound of the oldest partition of `parent` that holds a row whose `column_name`
-- is `since` or more. Every such row's time is at or after it, so a search of those rows bounded by it is
-- planned for their partitions only: the log's 18 months cost ~10 ms of planning a statement at 10M
-- entries. Each partition is asked for its largest value of the column (one probe of its index), oldest
-- first. Null when such a row lies in the default partition, whose times no bound holds, or when there
-- is none.
CREATE FUNCTION first_partition_holding(parent regclass, column_name text, since bigint)
  RETURNS timestamptz LANGUAGE plpgsql STABLE AS $$
DECLARE
  part record;
  held boolean;
BEGIN
  FOR part IN
    SELECT c.oid::regclass AS name, pg_get_expr(c.relpartbound, c.oid) AS bound
    FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = parent
    ORDER BY pg_get_expr(c.relpartbound, c.oid) = 'DEFAULT' DESC,
      substring(pg_get_expr(c.relpartbound, c.oid) FROM $r$FROM \('([^']+)'\)$r$)::timestamptz
  LOOP
    EXECUTE format('SELECT coalesce(max(%I) >= $1, false) FROM %s', column_name, part.name)
      INTO held USING since;
    IF held THEN
      IF part.bound = 'DEFAULT' THEN
        RETURN NULL;
      END IF;
      RETURN substring(part.bound FROM $r$FROM \('([^']+)'\)$r$)::timestamptz;
    END IF;
  END LOOP;
  RETURN NULL;
END $$;
