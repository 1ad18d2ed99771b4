// Sign-up, invitation and confirmation. Nothing becomes a login until the mailbox's owner has opened
// the mailed link AND (for a sign-up) typed the password chosen at sign-up: every PRO user is an
// admin, so a password typed by a stranger for someone else's listed e-mail must never activate.
import { createHash, randomBytes } from 'node:crypto';
import type { ConfirmLookupResult, PendingKind } from '@vitrine/domain/auth';
import { AppError } from '../../shared/errors.ts';
import { invalidLink, invitationPending, notPro, proCheckFailed, userExists, wrongSignupPassword } from './access.errors.ts';
import { confirmationLink, invitationMail, signupConfirmationMail } from './access.mails.ts';
import type { PasswordHasher } from './passwords.ts';
import type { ProUsersRepository } from './pro-users.repository.ts';
import type { SignupsRepository } from './signups.repository.ts';

const confirmationMailsExhausted = (seconds: number) =>
  new AppError('rate_limited', 429, `Muitos emails de confirmação para este endereço. Aguarde ${Math.max(1, seconds)} segundos e tente novamente.`);

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

/**
 * 'link_live': the right password, and the link mailed before still works; nothing is sent, so that
 * link stays the one to open. 'link_sent': the earlier link had expired and a fresh one was mailed.
 */
export type PendingSignInOutcome = 'no_pending' | 'wrong_password' | 'link_live' | 'link_sent';

/**
 * Counts one confirmation mail for the e-mail (whoever asks, from any address) and returns null,
 * or the seconds to wait when that e-mail has had its share.
 */
export type ConfirmationMailLimit = (email: string) => Promise<number | null>;

export interface SignupUsecases {
  /** Stores (or replaces) the pending sign-up and queues the mail of its link. Refused: nothing stored, nothing sent. */
  signUp(email: string, password: string): Promise<void>;
  /**
   * Sign-in for an e-mail without an account: the password of its pending sign-up mails a fresh
   * link when the one sent has expired (a live one is never replaced from here: the mailbox may
   * hold it already); anything else is a wrong password.
   */
  signInWhilePending(email: string, password: string): Promise<PendingSignInOutcome>;
  /** Queues the mail of a link on which the owner chooses the password; an existing account gets nothing. */
  /**
   * 'sent': the invitation is queued in the outbox; `link` (only when mail cannot leave: no SMTP) is its
   * link, for the inviting admin to pass on, once: only its hash is stored.
   */
  invite(email: string): Promise<{ invitation: 'sent' | 'account_exists'; link?: string }>;
  lookup(token: string): Promise<ConfirmLookupResult>;
  /** Activates the account of a live link, for the right password; returns its e-mail. */
  confirm(token: string, password: string): Promise<{ email: string }>;
}

export interface SignupUsecaseDeps {
  signups: SignupsRepository;
  proUsers: ProUsersRepository;
  /** Origin of the site (PUBLIC_URL) for the links in e-mails. */
  publicOrigin: string;
  passwords: PasswordHasher;
  now?: () => Date;
  /** Confirmation mails per e-mail; unlimited when absent. */
  mailLimit?: ConfirmationMailLimit;
  /** No SMTP: mail only reaches the outbox, so an invitation's link is handed to the inviting admin. */
  handInvitationLinks?: boolean;
}

export function createSignupUsecases({
  signups,
  proUsers,
  publicOrigin,
  passwords,
  now = () => new Date(),
  mailLimit,
  handInvitationLinks = false,
}: SignupUsecaseDeps): SignupUsecases {
  const countMail = async (email: string) => {
    const wait = mailLimit ? await mailLimit(email) : null;
    if (wait !== null) throw confirmationMailsExhausted(wait);
  };

  const newLink = (kind: PendingKind) => {
    const token = randomBytes(32).toString('base64url');
    return { token, tokenHash: hashLinkToken(token), expiresAt: new Date(now().getTime() + LINK_LIFETIME_MS[kind]) };
  };

  const linkMail = (email: string, kind: PendingKind, token: string) => {
    const url = confirmationLink(publicOrigin, token);
    return kind === 'signup' ? signupConfirmationMail(email, url, publicOrigin) : invitationMail(email, url);
  };

  const issue = async (email: string, kind: PendingKind, passwordHash: string | null, options?: { keepInvitationLiveAt?: Date }) => {
    const { token, tokenHash, expiresAt } = newLink(kind);
    return signups.replace({ email, kind, passwordHash, tokenHash, expiresAt }, linkMail(email, kind, token), options);
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
      // An invitation stays the owner's, whatever anyone types here: a sign-up neither replaces its
      // link nor sets the password its owner will choose, and mails nothing.
      const at = now();
      const pending = await signups.findByEmail(email);
      if (pending?.kind === 'invitation' && pending.expiresAt > at) throw invitationPending();
      await countMail(email);
      if (!(await issue(email, 'signup', await passwords.hash(password), { keepInvitationLiveAt: at }))) throw invitationPending();
    },

    async signInWhilePending(email, password) {
      const pending = await signups.findByEmail(email);
      if (!pending?.passwordHash) return 'no_pending';
      if (!(await passwords.verify({ hash: pending.passwordHash, password }))) return 'wrong_password';
      // A new link would kill the one in the mailbox: while that one works, it is the one to open.
      if (pending.expiresAt > now()) return 'link_live';
      await countMail(email);
      // Only if no newer sign-up replaced it meanwhile: a refresh never brings back an older password.
      const { token, tokenHash, expiresAt } = newLink('signup');
      const refreshed = await signups.rotateLink(pending, { tokenHash, expiresAt }, linkMail(email, 'signup', token));
      return refreshed ? 'link_sent' : 'wrong_password';
    },

    async invite(email) {
      if (await signups.hasAccount(email)) {
        await signups.deleteByEmail(email);
        return { invitation: 'account_exists' };
      }
      const { token, tokenHash, expiresAt } = newLink('invitation');
      await signups.replace({ email, kind: 'invitation', passwordHash: null, tokenHash, expiresAt }, linkMail(email, 'invitation', token));
      return handInvitationLinks ? { invitation: 'sent', link: confirmationLink(publicOrigin, token) } : { invitation: 'sent' };
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
        if (!pending.passwordHash || !(await passwords.verify({ hash: pending.passwordHash, password }))) throw wrongSignupPassword();
        passwordHash = pending.passwordHash;
      } else {
        passwordHash = await passwords.hash(password);
      }
      const outcome = await signups.activate(pending, passwordHash);
      if (outcome === 'link_gone') throw invalidLink();
      if (outcome === 'user_exists') throw userExists();
      return { email: pending.email };
    },
  };
}
