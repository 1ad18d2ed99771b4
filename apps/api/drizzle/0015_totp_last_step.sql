-- The time step of the last authenticator code each account had accepted: that step and earlier ones are
-- refused (RFC 6238 §5.2), checked and recorded by one conditional UPDATE (accounts.repository.ts).
ALTER TABLE "two_factors" ADD COLUMN "last_totp_step" bigint;
