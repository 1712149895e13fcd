import type { MailEvent } from './repository.js';

/** A notice's e-mail, addressed. */
export interface NoticeMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * The feature that sends notices (e-mails about other than an order, such as a product back in
 * stock): the outbox asks it what an event says once the change that records the event (the
 * event's `about`) has landed, as an order's events are sent once their order records them.
 */
export interface NoticeSource {
  /**
   * The e-mail, once the change recording the event landed; 'not landed' while it has not (yet);
   * 'gone' when what it was about no longer is (it is dropped).
   */
  read: (event: MailEvent) => Promise<NoticeMail | 'not landed' | 'gone'>;
  /** The mail server took the e-mail: the notice is done with. */
  sent: (event: MailEvent) => Promise<void>;
}
