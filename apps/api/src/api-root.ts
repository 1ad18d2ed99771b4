// The API package's folder. This file runs from src/ (tsx, tests) or bundled into dist/ (the compiled
// server); both sit one level below the package, so files beside it — the migrations, the web app's
// build — are found the same way from either.
import { fileURLToPath } from 'node:url';

export const apiRoot = fileURLToPath(new URL('..', import.meta.url));
