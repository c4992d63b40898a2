import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type NestExpressApplication } from '@nestjs/platform-express';
import { type NextFunction, type Request, type Response } from 'express';

/** Paths the client router must never swallow. */
const SERVER_PATHS = /^\/(api|metrics|admin|socket\.io)(\/|$)/;

/**
 * Client pages search engines must not index: a shared question is public to whoever holds the
 * link, not to the world (its JSON says the same in /api/shared/:shareId).
 */
const NOINDEX_PATHS = /^\/shared(\/|$)/i;

/** The default location of the built client, relative to this file in both src/ and dist/. */
export function defaultWebDistDir(): string {
  return resolve(__dirname, '../../../web/dist');
}

/**
 * Serves the built client on the same origin as /api: hashed assets are immutable,
 * index.html is revalidated, and any other GET that wants HTML gets index.html so
 * client routes (/history, /questions/1, ...) survive a reload.
 */
export function serveClient(app: NestExpressApplication, dir: string): boolean {
  const index = join(dir, 'index.html');
  if (!existsSync(index)) return false;
  app.useStaticAssets(dir, {
    index: false,
    setHeaders: (res, path) => {
      const immutable = path.includes(`${join(dir, 'assets')}`);
      res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (
      (req.method !== 'GET' && req.method !== 'HEAD') ||
      SERVER_PATHS.test(req.path) ||
      !req.accepts('html')
    ) {
      return next();
    }
    res.setHeader('Cache-Control', 'no-cache');
    if (NOINDEX_PATHS.test(req.path)) res.setHeader('X-Robots-Tag', 'noindex');
    res.sendFile(index);
  });
  return true;
}
