import nodemailer from 'nodemailer';
import type { Config } from '../config';

/** An app's mail as the mail server is given it. */
interface AppMail {
  from: { name: string; address: string };
  replyTo: string | null;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string>;
}

export type AppMailSender = (mail: AppMail) => Promise<void>;

/** The address part of MAIL_FROM (`Name <address>` or a bare address): apps send from it under their own name. */
export function mailFromAddress(mailFrom: string): string {
  return /<([^<>]+)>\s*$/.exec(mailFrom)?.[1]?.trim() ?? mailFrom.trim();
}

/** Sends apps' mail over SMTP_URL (an error is the server's answer); null without SMTP_URL: mail is then recorded, not sent. */
export function appMailSender(config: Config): AppMailSender | null {
  if (!config.smtpUrl) return null;
  const transport = nodemailer.createTransport(config.smtpUrl);
  return async (m) => {
    await transport.sendMail({
      from: { name: m.from.name, address: m.from.address },
      replyTo: m.replyTo ?? undefined,
      to: m.to,
      subject: m.subject,
      text: m.text,
      html: m.html ?? undefined,
      headers: m.headers,
    });
  };
}
