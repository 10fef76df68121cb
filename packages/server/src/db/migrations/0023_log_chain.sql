-- Record history and the log's hash chain (issue 25, §3 and §7). drizzle-kit's output (the columns,
-- the indexes), then the chain written by hand: drizzle cannot express functions or triggers.
ALTER TABLE "logs" ADD COLUMN "resource" varchar(50) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "logs" ADD COLUMN "record_id" integer;--> statement-breakpoint
ALTER TABLE "logs" ADD COLUMN "chain_seq" bigint;--> statement-breakpoint
ALTER TABLE "logs" ADD COLUMN "prev_hash" "bytea";--> statement-breakpoint
ALTER TABLE "logs" ADD COLUMN "hash" "bytea";--> statement-breakpoint
CREATE INDEX "logs_resource_record_id_id_idx" ON "logs" USING btree ("resource","record_id","id") WHERE record_id is not null;--> statement-breakpoint
CREATE INDEX "logs_chain_seq_idx" ON "logs" USING btree ("chain_seq");--> statement-breakpoint
-- The log's hash chain (issue 25, §7), written by hand: every entry gets, at insert and under the
-- lock of the chain's one head row, the next place in the chain (`chain_seq`, no gaps), the hash of
-- the entry before it (`prev_hash`) and its own: sha256(prev_hash || log_entry_content(…)). The
-- content is the entry's columns but the deletion mark and the timestamps of the row itself, as the
-- text of a JSON array (jsonb's text is canonical), created_at as microseconds since 1970 (UTC).
CREATE TABLE "log_chain_head" (
	"id" smallint PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
	"seq" bigint NOT NULL,
	"hash" bytea NOT NULL
);--> statement-breakpoint
COMMENT ON TABLE "log_chain_head" IS 'The last place and hash of the operation log''s hash chain';--> statement-breakpoint
CREATE FUNCTION log_entry_content(id bigint, menu_id integer, user_id integer, app_id integer,
  location text, ip text, parameters jsonb, changes jsonb, return_text text, method text, url text,
  resource text, record_id integer, created_at timestamptz) RETURNS bytea LANGUAGE sql IMMUTABLE AS $$
  SELECT convert_to(jsonb_build_array(id, menu_id, user_id, app_id, location, ip, parameters, changes,
    return_text, method, url, resource, record_id, (extract(epoch FROM created_at) * 1000000)::bigint)::text, 'UTF8')
$$;--> statement-breakpoint
CREATE FUNCTION logs_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last_seq bigint;
  last_hash bytea;
BEGIN
  -- An entry moved between partitions (create_log_partition) keeps its place; any other entry given
  -- a place breaks the chain where verify looks.
  IF NEW.chain_seq IS NOT NULL THEN
    RETURN NEW;
  END IF;
  SELECT seq, hash INTO last_seq, last_hash FROM log_chain_head WHERE id = 1 FOR UPDATE;
  NEW.chain_seq := last_seq + 1;
  NEW.prev_hash := last_hash;
  NEW.hash := sha256(last_hash || log_entry_content(NEW.id, NEW.menu_id, NEW.user_id, NEW.app_id,
    NEW.location, NEW.ip, NEW.parameters, NEW.changes, NEW.return, NEW.method, NEW.url, NEW.resource,
    NEW.record_id, NEW.created_at));
  UPDATE log_chain_head SET seq = NEW.chain_seq, hash = NEW.hash WHERE id = 1;
  RETURN NEW;
END $$;--> statement-breakpoint
-- Chains the entries that have no place yet (written past the trigger: the entries before this
-- migration, a bulk load with triggers off) after the head, in the order of their ids. Answers how many.
CREATE FUNCTION chain_unchained_logs() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  entry record;
  last_seq bigint;
  last_hash bytea;
  next_hash bytea;
  chained bigint := 0;
BEGIN
  SELECT seq, hash INTO last_seq, last_hash FROM log_chain_head WHERE id = 1 FOR UPDATE;
  FOR entry IN SELECT * FROM logs WHERE chain_seq IS NULL ORDER BY id LOOP
    next_hash := sha256(last_hash || log_entry_content(entry.id, entry.menu_id, entry.user_id,
      entry.app_id, entry.location, entry.ip, entry.parameters, entry.changes, entry.return,
      entry.method, entry.url, entry.resource, entry.record_id, entry.created_at));
    last_seq := last_seq + 1;
    UPDATE logs SET chain_seq = last_seq, prev_hash = last_hash, hash = next_hash
      WHERE id = entry.id AND created_at = entry.created_at;
    last_hash := next_hash;
    chained := chained + 1;
  END LOOP;
  UPDATE log_chain_head SET seq = last_seq, hash = last_hash WHERE id = 1;
  RETURN chained;
END $$;--> statement-breakpoint
INSERT INTO log_chain_head (id, seq, hash) VALUES (1, 0, decode(repeat('00', 32), 'hex'));--> statement-breakpoint
SELECT chain_unchained_logs();--> statement-breakpoint
CREATE TRIGGER "logs_chain" BEFORE INSERT ON "logs" FOR EACH ROW EXECUTE FUNCTION logs_chain();
