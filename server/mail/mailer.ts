// The mailer interface (issue 18): how the server sends an email. SMTP when SMTP_URL is set
// (nodemailer), else the mail is written to the server log, as the sign-in codes are: a demo has no
// mail server, and the person running it reads the link there.
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The one link the mail is about (the log mailer prints it on its own line). */
  link?: string;
}

export interface Mailer {
  /** Resolves once the mail is handed on (SMTP accepted it, or it is in the log). */
  send(mail: Mail): Promise<void>;
  readonly kind: 'smtp' | 'log';
}

export interface MailerOptions {
  /** smtp://user:pass@host:port or smtps://... (nodemailer's URL form); unset: the log mailer. */
  smtpUrl?: string | undefined;
  /** The From address; default "Saathi <no-reply@saathi.invalid>". */
  from?: string | undefined;
}

const DEFAULT_FROM = 'Saathi <no-reply@saathi.invalid>';

export function createMailer(opts: MailerOptions, log: FastifyBaseLogger): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    const from = opts.from ?? DEFAULT_FROM;
    return {
      kind: 'smtp',
      async send(mail) {
        await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
      },
    };
  }
  return {
    kind: 'log',
    async send(mail) {
      log.info({ to: mail.to, subject: mail.subject }, mail.link ? `email to ${mail.to} : ${mail.link}` : `email to ${mail.to} : ${mail.text}`);
    },
  };
}
