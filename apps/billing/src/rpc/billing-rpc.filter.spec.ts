import { BadRequestException } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { DomainException } from '@council/server-kit';
import { toRpcErrorBody } from './billing-rpc.filter';

describe('billing RPC errors', () => {
  it('carry domain errors with their HTTP status', () => {
    expect(toRpcErrorBody(new DomainException('INSUFFICIENT_TOKENS', 'Not enough tokens'))).toEqual({
      statusCode: 402,
      code: 'INSUFFICIENT_TOKENS',
      message: 'Not enough tokens',
    });
    expect(toRpcErrorBody(new DomainException('NO_FREE_QUERIES', 'No free queries'))).toMatchObject({
      statusCode: 402,
    });
  });

  it('carry validation failures as 400', () => {
    expect(
      toRpcErrorBody(
        new BadRequestException({ code: 'VALIDATION_FAILED', message: 'Please select a token package' }),
      ),
    ).toEqual({ statusCode: 400, code: 'VALIDATION_FAILED', message: 'Please select a token package' });
  });

  it('pass through an RpcException that already carries a body, and hide anything else', () => {
    const body = { statusCode: 404, code: 'NOT_FOUND' as const, message: 'Unknown' };
    expect(toRpcErrorBody(new RpcException(body))).toEqual(body);
    expect(toRpcErrorBody(new Error('database exploded'))).toEqual({
      statusCode: 500,
      code: 'INTERNAL',
      message: 'Internal server error',
    });
  });
});
