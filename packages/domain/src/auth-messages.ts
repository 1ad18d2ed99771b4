// The access API's error codes and the Portuguese texts the web shows for them, without schemas;
// auth.ts re-exports them with the schemas.

/** Stable error codes of the access API; the web maps them to their Portuguese texts. */
export const authErrorCodes = {
  notPro: 'auth.not_pro',
  invalidCredentials: 'auth.invalid_credentials',
  userExists: 'auth.user_exists',
  emailNotConfirmed: 'auth.email_not_confirmed',
  temporary: 'auth.temporary_failure',
  rateLimited: 'rate_limited',
  /** The pro_users lookup itself failed: nothing was decided about the e-mail. */
  proCheckFailed: 'access.pro_check_failed',
  invalidLink: 'auth.invalid_link',
  invalidResetLink: 'auth.invalid_reset_link',
  wrongSignupPassword: 'auth.wrong_signup_password',
  /** A sign-up for an e-mail whose invitation is still live: the invitation's link is the way in. */
  invitationPending: 'auth.invitation_pending',
} as const;

export const authErrorMessages: Record<string, string> = {
  [authErrorCodes.notPro]: 'E-mail não autorizado para acesso PRO. Verifique com o administrador.',
  [authErrorCodes.invalidCredentials]: 'E-mail ou senha incorretos. Verifique suas credenciais.',
  [authErrorCodes.userExists]: 'Este e-mail já possui uma conta. Tente fazer login.',
  [authErrorCodes.emailNotConfirmed]: 'Verifique sua caixa de entrada e confirme seu e-mail.',
  [authErrorCodes.temporary]: 'Problema temporário no servidor. Tente novamente em alguns minutos.',
  [authErrorCodes.proCheckFailed]: 'Erro ao validar e-mail PRO. Tente novamente.',
  [authErrorCodes.invalidLink]: 'Link inválido ou expirado. Cadastre-se novamente para receber um novo link de confirmação.',
  [authErrorCodes.invalidResetLink]: 'Link inválido ou expirado. Peça um novo em "Esqueci minha senha".',
  [authErrorCodes.wrongSignupPassword]: 'Senha incorreta. Se você não fez este cadastro, cadastre-se novamente com a sua própria senha.',
  [authErrorCodes.invitationPending]:
    'Este e-mail tem um convite pendente. Abra o link do convite enviado ao seu e-mail para escolher sua senha, ou peça um novo convite ao administrador.',
};

/** Texts of successful steps, shown by the web app. */
export const authInfoMessages = {
  signUpCreated: 'Conta criada com sucesso! Verifique seu e-mail para confirmar.',
  // The same answer whether or not the e-mail has an account, so the form reveals nothing.
  resetRequested: 'Se o e-mail estiver cadastrado, enviaremos um link para redefinir a senha.',
} as const;

export const connectionErrorMessage = 'Erro de conexão. Verifique sua internet e tente novamente.';
