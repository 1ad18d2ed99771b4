-- A visitor's chat file records who sent it and from where, for the per-visitor and per-address quotas
-- (VISITOR_UPLOADS_PER_VISITOR_MB, VISITOR_UPLOADS_PER_ADDRESS_MB): the visitor id (the SHA-256 its
-- conversations keep) and a SHA-256 of the client address (IPv6 by its /64). Files stored before have
-- neither and count only in the total. Both go with the row when the file expires.
ALTER TABLE "uploads" ADD COLUMN "visitor_id" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "address_key" text;
