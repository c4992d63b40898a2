// GET /health on every server app; answered with 503 when status is "error".

export interface HealthResponse {
  status: 'ok' | 'error';
  checks: {
    database: 'up' | 'down';
    redis: 'up' | 'down';
  };
}
