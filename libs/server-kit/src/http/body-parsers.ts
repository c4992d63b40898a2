import { type IncomingMessage } from 'node:http';
import { type NestExpressApplication } from '@nestjs/platform-express';
import { REQUEST_BODY_LIMIT_BYTES } from '@council/contracts';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';

/** What body-parser reports: `type` says which failure (entity.parse.failed, entity.too.large, ...). */
export class BodyParseError extends Error {
  constructor(
    readonly type: string,
    readonly status: number,
  ) {
    super(type);
    this.name = 'BodyParseError';
  }
}

/** Kept for signature checks (Stripe webhooks verify the exact bytes received). */
function keepRawBody(req: IncomingMessage, _res: unknown, buffer: Buffer): void {
  (req as IncomingMessage & { rawBody?: Buffer }).rawBody = buffer;
}

/**
 * body-parser's SyntaxError would reach our filter as an anonymous 400; re-throwing it as a
 * BodyParseError keeps the reason, so clients get MALFORMED_JSON or PAYLOAD_TOO_LARGE.
 */
function tagged(parser: RequestHandler): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) =>
    parser(req, res, (error?: unknown) => {
      if (!error) return next();
      const { type, status } = error as { type?: string; status?: number };
      next(type && status ? new BodyParseError(type, status) : error);
    });
}

/** JSON and form bodies capped at REQUEST_BODY_LIMIT_BYTES, with the raw bytes kept. */
export function useBodyParsers(app: NestExpressApplication): void {
  const options = { limit: REQUEST_BODY_LIMIT_BYTES, verify: keepRawBody };
  app.use(tagged(express.json(options)));
  app.use(tagged(express.urlencoded({ ...options, extended: true })));
}
