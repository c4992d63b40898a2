import { errorMessage } from '@council/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { errorDetail } from './error-message';

describe('errorMessage', () => {
  it('is the spec §7 message of an ApiError, or any error’s message', () => {
    expect(errorMessage(new ApiError(401, 'Invalid username or password', 'Unauthorized'))).toBe(
      '401: Invalid username or password',
    );
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
    expect(errorMessage('boom')).toBe('boom');
  });
});

describe('errorDetail', () => {
  it('shows the message of a JSON error body', () => {
    const body = JSON.stringify({
      statusCode: 400,
      code: 'RESET_TOKEN_INVALID',
      message: 'Invalid or expired token',
    });
    expect(errorDetail(new ApiError(400, body, 'Bad Request'))).toBe('Invalid or expired token');
  });

  it('joins a list of validation messages', () => {
    const body = JSON.stringify({ statusCode: 400, message: ['Please enter a valid email address', 'x'] });
    expect(errorDetail(new ApiError(400, body, 'Bad Request'))).toBe('Please enter a valid email address x');
  });

  it('falls back to the plain body, then to the status line', () => {
    expect(errorDetail(new ApiError(500, 'Mailer down', 'Internal Server Error'))).toBe('Mailer down');
    expect(errorDetail(new ApiError(503, '', 'Service Unavailable'))).toBe('503: Service Unavailable');
  });

  it('uses the message of a network failure', () => {
    expect(errorDetail(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
  });
});
