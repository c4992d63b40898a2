import { createHash, timingSafeEqual } from 'node:crypto';
import { type NextFunction, type Request, type Response } from 'express';

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** HTTP Basic auth for operator pages; hashing first makes the comparison constant-time. */
export function basicAuth(user: string, password: string, realm: string) {
  const expected = digest(`${user}:${password}`);
  return (req: Request, res: Response, next: NextFunction): void => {
    const header = req.headers.authorization ?? '';
    const [scheme, encoded] = header.split(' ');
    const given = scheme === 'Basic' && encoded ? Buffer.from(encoded, 'base64').toString('utf8') : '';
    if (given && timingSafeEqual(digest(given), expected)) return next();
    res.setHeader('WWW-Authenticate', `Basic realm="${realm}", charset="UTF-8"`);
    res
      .status(401)
      .json({ statusCode: 401, code: 'UNAUTHENTICATED', message: 'Operator credentials required' });
  };
}
