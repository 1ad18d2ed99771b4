// Validation messages in Brazilian Portuguese, on the server and in the browser alike.
import { z } from 'zod';

z.config(z.locales.ptBR());
