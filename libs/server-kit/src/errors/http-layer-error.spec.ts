import { toErrorBody } from './all-exceptions.filter';
import { httpLayerError } from './http-layer-error';

/** An error as http-errors makes it for `send`, `serve-static` and `body-parser`. */
const layerError = (status: number, message: string, extra: object = {}): Error =>
  Object.assign(new Error(message), { status, statusCode: status, expose: status < 500, ...extra });

describe('httpLayerError', () => {
  it('keeps the 4xx an Express module meant, with its headers', () => {
    const range = layerError(416, 'Range Not Satisfiable', { headers: { 'Content-Range': 'bytes */1234' } });
    expect(httpLayerError(range)).toEqual({
      status: 416,
      message: 'Range Not Satisfiable',
      headers: { 'Content-Range': 'bytes */1234' },
    });
    expect(toErrorBody(layerError(412, 'Precondition Failed'))).toEqual({
      statusCode: 412,
      code: 'VALIDATION_FAILED',
      message: 'Precondition Failed',
    });
  });

  it('leaves server errors, unexposed errors and plain errors to the 500', () => {
    expect(httpLayerError(layerError(503, 'Service Unavailable'))).toBeNull();
    expect(httpLayerError(Object.assign(new Error('secret'), { status: 400 }))).toBeNull();
    expect(httpLayerError(Object.assign(new Error('odd'), { status: 4000, expose: true }))).toBeNull();
    expect(httpLayerError('text')).toBeNull();
    expect(toErrorBody(new Error('boom')).statusCode).toBe(500);
  });
});
