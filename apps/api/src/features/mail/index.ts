/** E-mails' public module: what other features and the server use of them. */

export type { NoticeMail, NoticeSource } from './notices.js';
export { changeAndAnnounce, queueLetter } from './outbox.js';
export type { MailEvent } from './repository.js';
export { outboxBacklog } from './repository.js';
export { type MailTransport, startMailSender } from './sender.js';
export { smtpTransport } from './transport.js';
