-- Trigram indexes for the Customer Scans name and mobile search (PostgreSQL contrib; PGlite loads its contrib build).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
