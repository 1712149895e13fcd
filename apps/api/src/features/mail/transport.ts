import nodemailer from 'nodemailer';
import type { MailTransport } from './sender.js';

/**
 * nodemailer's SMTP transport for `smtpUrl` (`smtp://user:pass@host:587`, `smtps://…`), its
 * time limits a quarter of the claim's lease each, so that a send ends (or fails) before the
 * claim runs out and another sender could take the event.
 */
export function smtpTransport(smtpUrl: string, leaseMs: number): MailTransport {
  const limit = Math.floor(leaseMs / 4);
  return nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: limit,
    greetingTimeout: limit,
    socketTimeout: limit,
  });
}
