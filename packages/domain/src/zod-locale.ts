// Validation messages in Brazilian Portuguese, on the server and in the browser alike.
import { z } from 'zod';

z.config(z.locales.ptBR());

// In the browser, no generated code: the site's Content-Security-Policy forbids eval, and Zod's
// probe for it (a caught `new Function`) would still be reported as a policy violation.
if ('document' in globalThis) z.config({ jitless: true });
