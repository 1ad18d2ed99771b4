// The e-mails of the access flows. Links carry their secret after '#', so it never reaches a server
// log or a Referer header: the page reads it and posts it.
import { escapeHtml } from '../../shared/html.ts';
import type { MailMessage } from '../../shared/mailer.ts';

export const confirmationLink = (origin: string, token: string) => `${origin}/auth/confirmar#token=${token}`;
export const resetLink = (origin: string, token: string) => `${origin}/auth/redefinir-senha#token=${token}`;

function message(to: string, subject: string, paragraphs: string[], link: { url: string; label: string }): MailMessage {
  const text = [...paragraphs.slice(0, 1), link.url, ...paragraphs.slice(1)].join('\n\n');
  const html = [
    `<p>${escapeHtml(paragraphs[0]!)}</p>`,
    `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`,
    ...paragraphs.slice(1).map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
  ].join('');
  return { to, subject, text, html };
}

export function signupConfirmationMail(to: string, url: string, origin: string): MailMessage {
  return message(
    to,
    'Confirme seu e-mail — Vitrine',
    [
      'Olá! Para confirmar seu e-mail e ativar sua conta PRO, abra o link abaixo e digite a senha que você escolheu no cadastro:',
      'O link vale por 24 horas e só funciona com essa senha.',
      `Se você não fez este cadastro, ignore esta mensagem: nenhuma conta é ativada sem a senha de quem se cadastrou. Para criar a sua conta, cadastre-se em ${origin}/auth com a sua própria senha.`,
    ],
    { url, label: 'Confirmar e-mail' },
  );
}

export function invitationMail(to: string, url: string): MailMessage {
  return message(
    to,
    'Convite para o acesso PRO — Vitrine',
    [
      'Olá! Você foi convidado para o acesso PRO da Vitrine. Abra o link abaixo para escolher sua senha e ativar sua conta:',
      'O link vale por 7 dias e pode ser usado uma vez.',
      'Se você não esperava este convite, ignore esta mensagem.',
    ],
    { url, label: 'Escolher senha e ativar conta' },
  );
}

export function resetPasswordMail(to: string, url: string): MailMessage {
  return message(
    to,
    'Redefinir senha — Vitrine',
    [
      'Olá! Recebemos um pedido para redefinir a senha da sua conta PRO. Abra o link abaixo para escolher uma nova senha:',
      'O link vale por 30 minutos e pode ser usado uma vez. Ao trocar a senha, todas as sessões abertas da sua conta são encerradas.',
      'Se você não pediu a troca, ignore esta mensagem: sua senha continua a mesma.',
    ],
    { url, label: 'Redefinir senha' },
  );
}
