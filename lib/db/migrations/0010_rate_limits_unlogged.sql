-- The rate-limit counters, the daily workbench quota among them, are written
-- before every workbench call. Unlogged, they write no WAL, so their commit
-- does not wait for a disk flush (about 0.3 ms a call on PostgreSQL).
-- An unlogged table is emptied when the database recovers from a crash (of
-- PostgreSQL; of the service itself with the embedded PGlite), not after a
-- clean restart, and is not copied to standbys: after a crash or a failover
-- every window starts again.
ALTER TABLE "rate_limits" SET UNLOGGED;
