-- Time-ordered ids (UUID version 7: 48 bits of Unix milliseconds, version and variant bits, the
-- rest random) for the busiest tables, so their inserts append to the right end of each index.
-- PostgreSQL 15 has no uuidv7(); this is the usual byte-level construction from gen_random_uuid().
CREATE FUNCTION "uuid_v7"() RETURNS uuid LANGUAGE sql VOLATILE AS $$
  select encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) placing
    substring(int8send((extract(epoch from clock_timestamp()) * 1000)::bigint) from 3) from 1 for 6), 52, 1), 53, 1), 'hex')::uuid
$$;--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "id" SET DEFAULT uuid_v7();--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "id" SET DEFAULT uuid_v7();--> statement-breakpoint
ALTER TABLE "record_scores" ALTER COLUMN "id" SET DEFAULT uuid_v7();--> statement-breakpoint
ALTER TABLE "records" ALTER COLUMN "id" SET DEFAULT uuid_v7();