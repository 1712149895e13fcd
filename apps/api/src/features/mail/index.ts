/** E-mails' public module: the delivery of the letters other features write. */

export type { Letter, Letters, LetterWriter, Unsent } from './letter.js';
export { MAIL, type MailTransport, mailBacklog, startMailSender } from './sender.js';
export { smtpTransport } from './transport.js';
