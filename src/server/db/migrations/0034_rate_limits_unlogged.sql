-- Rate-limit counters need no WAL (docs/SECURITY.md "Abuse limits"): a crash or a failover to a standby may forget
-- some minutes of counts, which only lets a few more attempts through, while every counted request (each login,
-- each redemption takes a point and gives it back) no longer waits for its own WAL flush at commit.
ALTER TABLE "rate_limits" SET UNLOGGED;
