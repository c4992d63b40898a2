export * from './domain/domain.constants';
export * from './screens';
export * from './rpc/billing-rpc.constants';
export * from './rpc/billing-rpc.requests';
export * from './rpc/billing-rpc.replies';
export * from './rpc/billing-rpc.errors';
export * from './rpc/billing-rpc.calls';

export * from './limits/limits.constants';

export * from './plans/plans.constants';
export * from './plans/plans.helpers';
export * from './plans/plans.format';
export * from './plans/ask-refusal';
export * from './council/revision';
export * from './council/weigh-in';
export * from './council/token-cap';
export * from './council/default-council';
export * from './council/member-answer';
export * from './council/conversation';
export * from './catalogue/model-info';
export * from './catalogue/model-label';
export * from './catalogue/model-discovery';

export * from './packs/packs.constants';

export * from './messages/messages.types';
export * from './messages/auth.messages';
export * from './messages/auth.mapping';
export * from './messages/ask.messages';
export * from './demo/demo.texts';
export * from './export/question-markdown';
export * from './agreement/agreement-map';
export * from './agreement/agreement.texts';
export * from './messages/share.messages';
export * from './messages/delete.messages';
export * from './messages/payment.messages';
export * from './messages/validation.messages';
export * from './messages/response-card.messages';
export * from './messages/server.messages';
export * from './messages/request.messages';

export * from './errors/errors.codes';
export * from './errors/errors.body';
export * from './errors/error-message';

export * from './queues/queues.constants';
export * from './queues/queues.payloads';
export * from './queues/queues.ids';
export * from './queues/queues.validate';

export * from './ledger/ledger-check.constants';

export * from './streams/streams.keys';
export * from './streams/streams.entries';
export * from './streams/streams.status';

export * from './socket/socket.events';
export * from './socket/socket.dto';

export * from './share/share.defaults';

export * from './dto/validation.decorators';
export * from './dto/auth.dto';
export * from './dto/question.dto';
export * from './dto/share.dto';
export * from './dto/history.dto';
export * from './dto/billing.dto';
export * from './dto/contact.dto';
export * from './dto/contact.response';
export * from './dto/auth.response';
export * from './dto/catalogue.response';
export * from './dto/question.response';
export * from './dto/shared.response';
export * from './dto/billing.response';
export * from './dto/health.response';

export * from './council/council.constants';

export * from './quote/quote.constants';
export * from './quote/quote.council';
export * from './quote/quote.estimate';
export * from './quote/quote.hold';
export * from './quote/quote.plan';
export * from './quote/quote.texts';
