// The contact page's words, without schemas: the page's first load shows them (content.ts re-exports them).

/** The toast shown after sending. */
export const CONTACT_SENT_TOAST = { title: 'Mensagem Enviada!', description: 'Recebemos sua mensagem e responderemos em breve.' } as const;
