/** E-mails' public module: the delivery of the letters other features write. */

export {
  type Letter,
  type LetterLink,
  type Letters,
  type LetterWriter,
  letterOf,
  type Unsent,
} from './letter.js';
export { MAIL, type MailTransport, mailBacklog, startMailSender } from './sender.js';
export { smtpTransport } from './transport.js';
