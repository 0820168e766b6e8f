export type CaughtMail = {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
};
export declare function startMailCatcher(options?: { port?: number; directory?: string }): Promise<{
  url: string;
  mails: CaughtMail[];
  waitForMail(isWanted: (mail: CaughtMail) => boolean, options?: { timeoutMs?: number }): Promise<CaughtMail>;
  stop(): Promise<void>;
}>;
