// Errors raised under Nest by Express's own modules (send, serve-static, body-parser): they follow
// the http-errors convention, a 4xx `status` the client may be told (`expose`) and sometimes the
// headers that belong with it (a 416's Content-Range).

/** A client error from the HTTP layer: its status, its message and the headers it asks for. */
export interface HttpLayerError {
  status: number;
  message: string;
  headers: Record<string, string>;
}

/** The 4xx an Express module meant (a Range past the end: 416; an If-Match that fails: 412), or null. */
export function httpLayerError(exception: unknown): HttpLayerError | null {
  if (!(exception instanceof Error)) return null;
  const { status, statusCode, expose, headers } = exception as Error & {
    status?: unknown;
    statusCode?: unknown;
    expose?: unknown;
    headers?: unknown;
  };
  const code = typeof status === 'number' ? status : statusCode;
  if (expose !== true || typeof code !== 'number' || !Number.isInteger(code) || code < 400 || code > 499) {
    return null;
  }
  const named: Record<string, string> = {};
  if (typeof headers === 'object' && headers !== null) {
    for (const [name, value] of Object.entries(headers)) {
      if (typeof value === 'string') named[name] = value;
    }
  }
  return { status: code, message: exception.message, headers: named };
}
