/**
 * POST /api/questions/{id}/continue takes no fields. Bound as the body, this empty class gives the
 * global validation pipe nothing to whitelist, so every field is refused ("property x should not
 * exist") while no body or `{}` (the web client sends none) passes.
 */
export class ContinueDebateDto {}
