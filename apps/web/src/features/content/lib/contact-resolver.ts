// The contact form's validator: Zod and the message's schema, loaded with the form's first check rather
// than with the page (contact-form.tsx).
import { zodResolver } from '@hookform/resolvers/zod';
import { contactMessageInputSchema } from '@vitrine/domain/content';

export const contactResolver = zodResolver(contactMessageInputSchema);
