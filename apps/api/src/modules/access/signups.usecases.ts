// Sign-up, invitation and confirmation. Nothing becomes a login until the mailbox's owner has opened
// the mailed link AND (for a sign-up) typed the password chosen at sign-up: every PRO user is an
// admin, so a password typed by a stranger for someone else's listed e-mail must never activate.
import { createHash, randomBytes } from 'node:crypto';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import type { ConfirmLookupResult, PendingKind } from '@vitrine/domain/auth';
import { invalidLink, notPro, proCheckFailed, userExists, wrongSignupPassword } from './access.errors.ts';
import { confirmationLink, invitationMail, signupConfirmationMail } from './access.mails.ts';
import type { ProUsersRepository } from './pro-users.repository.ts';
import type { SignupsRepository } from './signups.repository.ts';

export const LINK_LIFETIME_MS: Record<PendingKind, number> = {
  signup: 24 * 60 * 60 * 1000,
  invitation: 7 * 24 * 60 * 60 * 1000,
};

/** Only the SHA-256 of a link's secret is stored: a copy of the database opens no account. */
export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Whether the e-mail is an active PRO user; a failed lookup is its own error, never a refusal. */
export async function isActivePro(proUsers: ProUsersRepository, email: string): Promise<boolean> {
  try {
    return await proUsers.isActive(email);
  } catch (cause) {
    throw proCheckFailed(cause);
  }
}

export async function requireActivePro(proUsers: ProUsersRepository, email: string): Promise<void> {
  if (!(await isActivePro(proUsers, email))) throw notPro();
}

export type PendingSignInOutcome = 'no_pending' | 'wrong_password' | 'link_sent';

export interface SignupUsecases {
  /** Stores (or replaces) the pending sign-up and queues the mail of its link. Refused: nothing stored, nothing sent. */
  signUp(email: string, password: string): Promise<void>;
  /**
   * Sign-in for an e-mail without an account: the password of its pending sign-up mails a fresh
   * link (the first may be lost or expired); anything else is a wrong password.
   */
  signInWhilePending(email: string, password: string): Promise<PendingSignInOutcome>;
  /** Queues the mail of a link on which the owner chooses the password; an existing account gets nothing. */
  invite(email: string): Promise<'sent' | 'account_exists'>;
  lookup(token: string): Promise<ConfirmLookupResult>;
  /** Activates the account of a live link, for the right password; returns its e-mail. */
  confirm(token: string, password: string): Promise<{ email: string }>;
}

export interface SignupUsecaseDeps {
  signups: SignupsRepository;
  proUsers: ProUsersRepository;
  /** Origin of the site (PUBLIC_URL) for the links in e-mails. */
  publicOrigin: string;
  now?: () => Date;
}

export function createSignupUsecases({ signups, proUsers, publicOrigin, now = () => new Date() }: SignupUsecaseDeps): SignupUsecases {
  const newLink = (kind: PendingKind) => {
    const token = randomBytes(32).toString('base64url');
    return { token, tokenHash: hashLinkToken(token), expiresAt: new Date(now().getTime() + LINK_LIFETIME_MS[kind]) };
  };

  const linkMail = (email: string, kind: PendingKind, token: string) => {
    const url = confirmationLink(publicOrigin, token);
    return kind === 'signup' ? signupConfirmationMail(email, url, publicOrigin) : invitationMail(email, url);
  };

  const issue = async (email: string, kind: PendingKind, passwordHash: string | null) => {
    const { token, tokenHash, expiresAt } = newLink(kind);
    await signups.replace({ email, kind, passwordHash, tokenHash, expiresAt }, linkMail(email, kind, token));
  };

  const findLive = async (token: string) => {
    const pending = await signups.findLive(hashLinkToken(token), now());
    if (!pending) throw invalidLink();
    return pending;
  };

  return {
    async signUp(email, password) {
      await requireActivePro(proUsers, email);
      if (await signups.hasAccount(email)) throw userExists();
      await issue(email, 'signup', await hashPassword(password));
    },

    async signInWhilePending(email, password) {
      const pending = await signups.findByEmail(email);
      if (!pending?.passwordHash) return 'no_pending';
      if (!(await verifyPassword({ hash: pending.passwordHash, password }))) return 'wrong_password';
      // Only if no newer sign-up replaced it meanwhile: a refresh never brings back an older password.
      const { token, tokenHash, expiresAt } = newLink('signup');
      const refreshed = await signups.rotateLink(pending, { tokenHash, expiresAt }, linkMail(email, 'signup', token));
      return refreshed ? 'link_sent' : 'wrong_password';
    },

    async invite(email) {
      if (await signups.hasAccount(email)) {
        await signups.deleteByEmail(email);
        return 'account_exists';
      }
      await issue(email, 'invitation', null);
      return 'sent';
    },

    async lookup(token) {
      const { email, kind } = await findLive(token);
      return { email, kind };
    },

    async confirm(token, password) {
      const pending = await findLive(token);
      await requireActivePro(proUsers, pending.email);
      let passwordHash: string;
      if (pending.kind === 'signup') {
        // The link alone is not enough: whoever signed up typed this password, and only the owner knows it.
        if (!pending.passwordHash || !(await verifyPassword({ hash: pending.passwordHash, password }))) throw wrongSignupPassword();
        passwordHash = pending.passwordHash;
      } else {
        passwordHash = await hashPassword(password);
      }
      const outcome = await signups.activate(pending, passwordHash);
      if (outcome === 'link_gone') throw invalidLink();
      if (outcome === 'user_exists') throw userExists();
      return { email: pending.email };
    },
  };
}
