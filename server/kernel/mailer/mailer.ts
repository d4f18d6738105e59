/**
 * Mail goes through this adapter: SMTP (nodemailer) when SMTP_URL is set, otherwise each
 * message is written to <dataDir>/mail/ so a developer can open it.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

export function fileMailer(mailDir: string, from: string, onWritten: (file: string, message: MailMessage) => void): Mailer {
  return {
    async send(message) {
      await mkdir(mailDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`;
      const file = path.join(mailDir, name);
      const eml = `From: ${from}\nTo: ${message.to}\nSubject: ${message.subject}\nContent-Type: text/plain; charset=utf-8\n\n${message.text}\n`;
      await writeFile(file, eml, { mode: 0o600 });
      onWritten(file, message);
    },
  };
}

/**
 * The mailer config asks for: SMTP when SMTP_URL is set, else files under DATA_DIR/mail, each
 * announced through `log` (with its first link outside production, where nobody else reads it).
 */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir' | 'env'>, log: (line: string) => void): Mailer {
  if (config.smtpUrl) return smtpMailer(config.smtpUrl, config.mailFrom);
  return fileMailer(path.join(config.dataDir, 'mail'), config.mailFrom, (file, message) => {
    const link = config.env === 'production' ? '' : ` ${message.text.match(/https?:\/\/\S+/)?.[0] ?? ''}`;
    log(`mail to ${message.to} written to ${file}${link}`);
  });
}
