// POST /api/support/contact (DECISIONS 7).

import { type MessageReply } from './auth.response';

/** 201 once the message is stored and the operator has been e-mailed. */
export interface ContactResponse extends MessageReply {
  ok: true;
}
