import { type IncomingMessage } from 'node:http';
import { type NestExpressApplication } from '@nestjs/platform-express';
import { JSON_CONTENT_TYPE, REQUEST_BODY_LIMIT_BYTES, REQUEST_MESSAGES } from '@council/contracts';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { DomainException } from '../errors/domain.exception';
import { describeBodyError, mediaTypeOf, sendsBody } from './body-errors.util';
import { type HostileInput, findHostileInput } from './request-input.util';

const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

export interface BodyParserOptions {
  /**
   * Paths (matched against the lower-cased path without trailing slashes) that take a
   * form-urlencoded body instead of JSON: an OAuth provider's form_post callback. Nothing else
   * reads forms, so a cross-site HTML form cannot reach a JSON route whatever its Origin says.
   */
  formPaths?: readonly RegExp[];
  /** Largest body; REQUEST_BODY_LIMIT_BYTES by default. */
  limitBytes?: number;
}

/** Kept for signature checks (Stripe webhooks verify the exact bytes received). */
function keepRawBody(req: IncomingMessage, _res: unknown, buffer: Buffer): void {
  (req as IncomingMessage & { rawBody?: Buffer }).rawBody = buffer;
}

/** body-parser's errors would reach the filter as anonymous (or, for zlib, untranslated 500) errors. */
function translated(parser: RequestHandler): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) =>
    parser(req, res, (error?: unknown) => {
      if (!error) return next();
      const { type, status } = error as { type?: string; status?: number };
      const reply = describeBodyError(type, status);
      next(reply ? new DomainException(reply.code, reply.message) : error);
    });
}

function normalizedPath(path: string): string {
  const collapsed = path.toLowerCase().replace(/\/{2,}/g, '/');
  return collapsed.length > 1 ? collapsed.replace(/\/+$/, '') : collapsed;
}

/** The 400 of a value that must never reach a DTO, a validator or the database. */
export function hostileInputException(found: HostileInput): DomainException {
  switch (found.kind) {
    case 'tooDeep':
      return new DomainException('VALIDATION_FAILED', REQUEST_MESSAGES.tooDeep);
    case 'tooManyEntries':
      return new DomainException('VALIDATION_FAILED', REQUEST_MESSAGES.tooManyEntries(found.path));
    case 'tooManyValues':
      return new DomainException('VALIDATION_FAILED', REQUEST_MESSAGES.tooManyValues);
    case 'nullCharacter':
      return new DomainException('VALIDATION_FAILED', REQUEST_MESSAGES.nullCharacter(found.path));
    case 'loneSurrogate':
      return new DomainException('VALIDATION_FAILED', REQUEST_MESSAGES.loneSurrogate(found.path));
  }
}

/**
 * Bodies are application/json (form-urlencoded on `formPaths` only): a request that names another
 * type, or sends a body without naming one, is refused with 415 before anything reads it.
 * Requests without a body and without a Content-Type (GET, DELETE, a bare POST) pass.
 */
function requireMediaType(formPaths: readonly RegExp[]): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    const type = mediaTypeOf(req.headers['content-type']);
    if (type === undefined && !sendsBody(req.headers)) return next();
    const form = formPaths.some((pattern) => pattern.test(normalizedPath(req.path)));
    const expected = form ? FORM_CONTENT_TYPE : JSON_CONTENT_TYPE;
    if (type === expected) return next();
    next(
      new DomainException(
        'UNSUPPORTED_MEDIA_TYPE',
        form ? REQUEST_MESSAGES.unsupportedFormMediaType : REQUEST_MESSAGES.unsupportedMediaType,
      ),
    );
  };
}

/**
 * Depth, width, size, U+0000 and lone surrogates in the parsed body and the query string: 400
 * naming the field.
 */
function refuseHostileInput(req: Request, _res: Response, next: NextFunction): void {
  const found = findHostileInput(req.body, 'body') ?? findHostileInput(req.query, 'query');
  next(found ? hostileInputException(found) : undefined);
}

/**
 * The request pipeline in front of every route: media type (415), JSON capped at
 * REQUEST_BODY_LIMIT_BYTES with the raw bytes kept, decoding errors translated (400/413/415), and
 * hostile values refused (400). Route parameters get the same text checks in RequestInputPipe.
 */
export function useBodyParsers(app: NestExpressApplication, options: BodyParserOptions = {}): void {
  const formPaths = options.formPaths ?? [];
  const limits = { limit: options.limitBytes ?? REQUEST_BODY_LIMIT_BYTES, verify: keepRawBody };
  const form = translated(express.urlencoded({ ...limits, extended: false, type: FORM_CONTENT_TYPE }));
  app.use(requireMediaType(formPaths));
  app.use(translated(express.json({ ...limits, type: JSON_CONTENT_TYPE })));
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (!formPaths.some((pattern) => pattern.test(normalizedPath(req.path)))) return next();
    form(req, res, next);
  });
  app.use(refuseHostileInput);
}
